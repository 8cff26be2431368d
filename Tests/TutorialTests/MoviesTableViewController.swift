// Role: the tutorial's UIKit bridge, compiled and tested on Linux. A table screen's controller:
// while its screen is on, it subscribes to the store and plays each Change on a `TableView` as a
// batch update, keeping its data source (`rows`) in step inside the batch; the user's swipes and
// drags go back to the store as actions.
//
//   store ─► Change ─► MoviesTableViewController ─► rows + insertRows / deleteRows / moveRow
//   swipe to delete, drag to reorder ─► delete(at:), move(from:to:) ─► store

import Foundation
import MoviesCore

/// The controller of a table of movies, shaped as a `UITableViewController`'s would be.
///
/// UIKit calls `viewWillAppear()` and `viewDidDisappear()`, asks `numberOfRows()` and
/// `title(forRow:)` as the data source, and reports the user's edits through
/// `commitDelete(forRow:)` and `moveRow(at:to:)`, the data source's names for them.
@MainActor
final class MoviesTableViewController {
    /// The data source: the rows the table shows, changed only where the table expects it.
    private(set) var rows: [Movie] = []
    private let viewModel: MoviesViewModel
    private let table: any TableView
    private var subscription: MoviesViewModel.Subscription?
    /// A move the user has just made on screen, while its action runs.
    private var userMove: (from: Int, to: Int)?

    init(viewModel: MoviesViewModel, table: any TableView) {
        self.viewModel = viewModel
        self.table = table
    }

    // MARK: - Lifecycle

    /// The screen is about to show: draw the list as it is, then follow its Changes.
    func viewWillAppear() {
        rows = viewModel.state.movies
        table.reloadData()
        subscription = viewModel.subscribe { [weak self] change, state in
            self?.play(change, in: state)
        }
    }

    /// The screen has gone: stop following (releasing the subscription would not stop it).
    func viewDidDisappear() {
        subscription?.cancel()
        subscription = nil
    }

    // MARK: - Data source

    /// How many rows the table has.
    func numberOfRows() -> Int {
        rows.count
    }

    /// What row `row` shows.
    func title(forRow row: Int) -> String {
        "\(rows[row].title) (\(rows[row].year))"
    }

    // MARK: - Input

    /// Swipe to delete: send the action; its Change deletes the row.
    func commitDelete(forRow row: Int) throws(MoviesState.EditError) {
        try viewModel.delete(at: row)
    }

    /// Drag to reorder: the table has already moved the row on screen, so its Change must move
    /// only the data source.
    func moveRow(at source: Int, to destination: Int) throws(MoviesState.EditError) {
        userMove = (source, destination)
        defer { userMove = nil }
        try viewModel.move(from: source, to: destination)
    }

    // MARK: - Playing Changes

    /// Plays one Change: a row Change as a one-row batch that updates `rows` inside it, a new
    /// list as `reloadData()`.
    ///
    /// `.fetch` is not the table's: a spinner subscribes for it. The `switch` is exhaustive, so a
    /// new kind of Change stops this compiling until it is given a place.
    func play(_ change: MoviesState.Change, in state: MoviesState) {
        let table = self.table
        switch change {
        case .none, .fetch:
            return
        case .reloaded:
            rows = state.movies
            table.reloadData()
        case .inserted(let movie, let index):
            table.performBatchUpdates {
                self.rows.insert(movie, at: index)
                table.insertRows(at: [Self.row(index)])
            }
        case .deleted(_, let index):
            table.performBatchUpdates {
                self.rows.remove(at: index)
                table.deleteRows(at: [Self.row(index)])
            }
        case .moved(let movie, let source, let destination):
            if let userMove, userMove == (source, destination) {
                rows.remove(at: source)
                rows.insert(movie, at: destination)
                return
            }
            table.performBatchUpdates {
                self.rows.remove(at: source)
                self.rows.insert(movie, at: destination)
                table.moveRow(at: Self.row(source), to: Self.row(destination))
            }
        case .renamed(let movie, let index, _):
            // The row reads differently; this table redraws every row for it.
            rows[index] = movie
            table.reloadData()
        }
    }

    /// The index path of `index` in section 0.
    private static func row(_ index: Int) -> IndexPath {
        IndexPath(indexes: [0, index])
    }
}
