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
            .onDelete { rows in delete(rows) }
            .onMove { rows, destination in move(rows, to: destination) }
        }
        .toolbar {
            // iOS's edit mode: the Edit button shows the handles that drag
            // rows. A Mac list is dragged as it is, with no edit mode.
            #if os(iOS) || !canImport(SwiftUI)
                EditButton()
            #endif
        }
        .task { await model.follow() }
    }

    /// Swipe to delete: one action a row, the highest row first, so each
    /// row is still where the user saw it when its turn comes.
    private func delete(_ rows: IndexSet) {
        for row in rows.reversed() {
            _ = try? viewModel.delete(at: row)
        }
    }

    /// Drag to reorder: one `move(from:to:)` of the store.
    ///
    /// SwiftUI counts `destination` in the list *before* the dragged row is
    /// taken out; the store counts after. Dragged down, the row lands at
    /// `destination - 1`, since taking it out moved every row below it up
    /// one; dragged up, at `destination`.
    private func move(_ rows: IndexSet, to destination: Int) {
        // A list without multiple selection drags one row at a time.
        guard rows.count == 1, let from = rows.first else { return }
        let to = destination > from ? destination - 1 : destination
        _ = try? viewModel.move(from: from, to: to)
    }
}
