// Role: the tutorial's UIKit bridge, compiled and tested on Linux. This is the part of
// `UITableView` that a controller playing Changes calls, under UIKit's own names; a test double
// (`RecordingTable`) conforms here, and in an iOS app `UITableView` does.

import Foundation

/// The calls a table view takes for Changes, named as `UITableView` names them.
///
/// `moveRow(at:to:)` and `reloadData()` are `UITableView`'s own; in an iOS app it gets the other
/// three from a small extension:
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
    /// Runs `updates` as one animated batch; the table checks its data source when it ends.
    func performBatchUpdates(_ updates: @escaping () -> Void)
    /// Animates new rows in at `indexPaths`.
    func insertRows(at indexPaths: [IndexPath])
    /// Animates the rows at `indexPaths` out.
    func deleteRows(at indexPaths: [IndexPath])
    /// Animates the row at `indexPath` to `newIndexPath`.
    func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath)
    /// Redraws every row from the data source, with no animation.
    func reloadData()
}
