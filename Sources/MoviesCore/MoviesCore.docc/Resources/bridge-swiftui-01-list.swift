// MoviesList.swift: a SwiftUI list of movies. It owns its model, which
// follows the store while the list is on screen; it draws the model's rows and
// sends the user's swipes and drags to the store as actions, and the Changes
// that come back update the model, and SwiftUI redraws. It compiles unchanged
// in an app; on Linux, against SwiftUIStandIn, which has SwiftUI's names.
//
//   model.rows ─► List { ForEach } ─► .onDelete, .onMove ─► store

import Foundation
import MoviesCore

#if canImport(SwiftUI)
    import SwiftUI
#else
    import SwiftUIStandIn
#endif

/// A list of movies the user can delete from and reorder.
struct MoviesList: View {
    let viewModel: MoviesViewModel
    /// The view's own model: SwiftUI keeps it while the list is on screen.
    @State private var model: MoviesListModel

    init(viewModel: MoviesViewModel) {
        self.viewModel = viewModel
        _model = State(initialValue: MoviesListModel(viewModel: viewModel))
    }

    var body: some View {
        List {
            ForEach(model.rows) { movie in
                Text(verbatim: "\(movie.title) (\(movie.year))")
            }
        }
        .task { await model.follow() }
    }
}
