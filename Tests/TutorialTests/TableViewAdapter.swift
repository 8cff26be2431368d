// Role: the tutorial's bridge to a UIKit app, compiled and tested here. A `TableViewAdapter`
// subscribes to the real store and turns each `MoviesState.Change` into the batch-update calls a
// `UITableView` takes, under the same names. The tutorial page shows this file without its
// imports (scripts/check-tutorial checks that they are equal).
//
//   MoviesViewModel ─► Change ─► TableViewAdapter ─► insertRows / deleteRows / moveRow / reloadData

import Foundation
import MoviesCore

/// The part of `UITableView` that Changes map to, with its names.
///
/// `moveRow(at:to:)` and `reloadData()` are `UITableView`'s own; in an iOS app it gets the other
/// three from a small extension (here a test conforms instead, and records the calls):
///
/// ```swift
/// extension UITableView: TableView {
///     func performBatchUpdates(_ updates: @escaping () -> Void) {
///         performBatchUpdates(updates, completion: nil)
///     }
///     func insertRows(at indexPaths: [IndexPath]) { insertRows(at: indexPaths, with: .automatic) }
///     func deleteRows(at indexPaths: [IndexPath]) { deleteRows(at: indexPaths, with: .automatic) }
/// }
/// ```
///
/// Rows are in section 0: `IndexPath(indexes: [0, row])`, which UIKit also spells
/// `IndexPath(row: row, section: 0)`.
@MainActor
protocol TableView: AnyObject {
    /// Runs `updates` as one animated batch.
    func performBatchUpdates(_ updates: @escaping () -> Void)
    /// Animates new rows in at `indexPaths`.
    func insertRows(at indexPaths: [IndexPath])
    /// Animates the rows at `indexPaths` out.
    func deleteRows(at indexPaths: [IndexPath])
    /// Animates the row at `indexPath` to `newIndexPath`.
    func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath)
    /// Redraws every row, with no animation.
    func reloadData()
}

/// Subscribes to the store and plays each list Change on a table view.
///
/// The table's data source reads `viewModel.state.movies`. That works because the store delivers
/// a Change only after its reducer has run: when `insertRows` is called, the data source already
/// has one more row, which is exactly what a table view checks at the end of a batch.
@MainActor
final class TableViewAdapter {
    private let table: any TableView
    private var subscription: MoviesViewModel.Subscription?

    init(table: any TableView, viewModel: MoviesViewModel) {
        self.table = table
        subscription = viewModel.subscribe { [weak self] change, _ in self?.play(change) }
    }

    /// Stops playing Changes (when the screen goes away).
    func detach() {
        subscription?.cancel()
        subscription = nil
    }

    /// Plays one Change: a row Change as a one-row batch, a new list as `reloadData()`.
    ///
    /// `.fetch` is not the table's: a spinner subscribes for it. The `switch` is exhaustive, so a
    /// new kind of Change stops this compiling until it is given a place.
    func play(_ change: MoviesState.Change) {
        let table = self.table
        switch change {
        case .none, .fetch:
            return
        case .reloaded:
            table.reloadData()
        case .inserted(_, let index):
            table.performBatchUpdates { table.insertRows(at: [Self.row(index)]) }
        case .deleted(_, let index):
            table.performBatchUpdates { table.deleteRows(at: [Self.row(index)]) }
        case .moved(_, let source, let destination):
            table.performBatchUpdates {
                table.moveRow(at: Self.row(source), to: Self.row(destination))
            }
        }
    }

    /// The index path of `index` in section 0.
    private static func row(_ index: Int) -> IndexPath {
        IndexPath(indexes: [0, index])
    }
}
