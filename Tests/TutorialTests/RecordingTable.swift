// Role: the UIKit bridge's test double. A `TableView` that records each call as text and checks
// every batch as `UITableView` does: the data source is read when the batch starts and when it
// ends, and the count must change by exactly the rows inserted and deleted in it.

import Foundation
import Testing

/// A table view that records its calls and checks each batch against the data source.
@MainActor
final class RecordingTable: TableView {
    /// Each call, as text: `insertRows(at: [2])`, batches as `performBatchUpdates {` and `}`.
    private(set) var calls: [String] = []
    /// The data source's row count, as the table would ask it.
    var numberOfRows: () -> Int = { 0 }
    /// The rows on screen: the count the data source had when the table last read it.
    private(set) var shownRows = 0
    private var batchDelta = 0

    func performBatchUpdates(_ updates: @escaping () -> Void) {
        #expect(
            numberOfRows() == shownRows,
            "the data source changed before the batch: UIKit reads it when the batch ends")
        calls.append("performBatchUpdates {")
        batchDelta = 0
        updates()
        calls.append("}")
        #expect(numberOfRows() == shownRows + batchDelta, "the batch fits the data source")
        shownRows = numberOfRows()
    }

    func insertRows(at indexPaths: [IndexPath]) {
        calls.append("  insertRows(at: \(indexPaths.map { $0[1] }))")
        batchDelta += indexPaths.count
    }

    func deleteRows(at indexPaths: [IndexPath]) {
        calls.append("  deleteRows(at: \(indexPaths.map { $0[1] }))")
        batchDelta -= indexPaths.count
    }

    func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        calls.append("  moveRow(at: \(indexPath[1]), to: \(newIndexPath[1]))")
    }

    func reloadData() {
        calls.append("reloadData()")
        shownRows = numberOfRows()
    }
}
