// SceneDelegate.swift: a UIKit app's window around the store. When UIKit opens
// the window, the scene's delegate makes it: a navigation controller whose
// first screen is the store's table. It compiles unchanged in an app made
// from Xcode's App template with UIKit; on Linux, against UIKitStandIn.
//
//   UIKit opens a window ─► SceneDelegate ─► UIWindow
//     └─► UINavigationController ─► MoviesTableViewController(store)

import MoviesCore

#if canImport(UIKit)
    import UIKit
#else
    import UIKitStandIn
#endif

/// The delegate of the app's window scene: it makes the window and what it
/// shows.
///
/// Each window has its own delegate, and here its own store. For one list
/// that every window of an iPad app shares, make the store once, in the app
/// delegate, and hand it to each scene.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    /// The window's store: the single source of truth its screens show.
    let store = MoviesViewModel(api: FakeMoviesAPI { SceneDelegate.catalog })

    /// UIKit opens the window: make it, and show it.
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = MoviesTableViewController(viewModel: store)
        self.window = window
        window.makeKeyAndVisible()
    }

    /// What the fake server answers: your app asks its own `MoviesAPI`.
    nonisolated static let catalog = [
        Movie(id: 1, title: "Alien", year: 1979),
        Movie(id: 2, title: "Heat", year: 1995),
        Movie(id: 3, title: "Jaws", year: 1975),
    ]
}
