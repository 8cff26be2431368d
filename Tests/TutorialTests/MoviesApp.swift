// MoviesApp.swift: a SwiftUI app around the store. The app makes the one store
// when it starts and starts its first fetch; every window shows the store's
// list, in a navigation stack whose bar has the list's Edit button. It
// compiles unchanged in an app; on Linux, against SwiftUIStandIn.
//
//   MoviesApp ─► store (one, for the app's life)
//             └─► WindowGroup ─► NavigationStack ─► MoviesList(store)

import MoviesCore

#if canImport(SwiftUI)
    import SwiftUI
#else
    import SwiftUIStandIn
#endif

/// The app: one store, and windows that show it.
struct MoviesApp: App {
    /// The app's one store, made when the app starts: the single source of
    /// truth every window shows.
    private let store: MoviesViewModel

    init() {
        store = MoviesViewModel(api: FakeMoviesAPI { MoviesApp.catalog })
        store.refresh()
    }

    var body: some Scene {
        WindowGroup {
            NavigationStack {
                MoviesList(viewModel: store)
                    .navigationTitle("Movies")
            }
        }
    }

    /// What the fake server answers: your app asks its own `MoviesAPI`.
    nonisolated static let catalog = [
        Movie(id: 1, title: "Alien", year: 1979),
        Movie(id: 2, title: "Heat", year: 1995),
        Movie(id: 3, title: "Jaws", year: 1975),
    ]
}

// In an app, `@main` makes MoviesApp the program: it starts there. Here the
// tests are the program, and have their own start.
#if canImport(SwiftUI)
    @main extension MoviesApp {}
#endif
