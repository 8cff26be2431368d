// MoviesList.swift: a SwiftUI list of movies. It draws the model's rows and
// sends the user's swipes and drags to the store as actions; the Changes
// that come back update the model, and SwiftUI redraws. It compiles
// unchanged in an app; on Linux, against SwiftUIStandIn, which has
// SwiftUI's names.
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
    let model: MoviesListModel

    var body: some View {
        List {
            ForEach(model.rows) { movie in
                Text(verbatim: "\(movie.title) (\(movie.year))")
            }
            .onDelete { rows in delete(rows) }
            .onMove { rows, destination in move(rows, to: destination) }
        }
    }

    /// Swipe to delete: one action a row, the highest row first, so each
    /// row is still where the user saw it when its turn comes.
    private func delete(_ rows: IndexSet) {
        for row in rows.reversed() {
            // Rejected while the list loads: the model and the list keep it.
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
        // Rejected while the list loads: the model keeps its order, and
        // SwiftUI draws the row back where it was.
        _ = try? viewModel.move(from: from, to: to)
    }
}
