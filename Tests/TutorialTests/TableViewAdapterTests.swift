// Role: the bridge's test. A table view that records its calls, and checks at the end of each
// batch what `UITableView` checks (the data source's row count must be the old count plus the
// inserted rows minus the deleted ones), watches a session of the real store.

import Foundation
import MoviesCore
import MoviesTestSupport
import Testing

/// A table view that records each call, as text, and checks every batch's row count.
@MainActor
private final class RecordingTable: TableView {
    var calls: [String] = []
    /// The data source: how many rows the table would ask for now.
    var numberOfRows: () -> Int = { 0 }
    private var shownRows = 0
    private var batchDelta = 0

    func performBatchUpdates(_ updates: @escaping () -> Void) {
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

@MainActor
struct TableViewAdapterTests {
    @Test func aSessionBecomesTheseBatchUpdates() async throws {
        let movies = [
            Movie(id: 1, title: "Alien", year: 1979),
            Movie(id: 2, title: "Heat", year: 1995),
            Movie(id: 3, title: "Jaws", year: 1975),
        ]
        let viewModel = MoviesViewModel(api: StubAPI(movies: movies))
        let table = RecordingTable()
        table.numberOfRows = { viewModel.state.movies.count }
        let adapter = TableViewAdapter(table: table, viewModel: viewModel)

        viewModel.refresh()
        await viewModel.waitForFetch()
        try viewModel.delete(at: 0)
        try viewModel.move(from: 1, to: 0)
        try viewModel.insert(title: "Up", year: 2009, at: 2)
        try viewModel.undo()
        adapter.detach()
        try viewModel.delete(at: 0)

        #expect(
            table.calls == [
                "reloadData()",
                "performBatchUpdates {", "  deleteRows(at: [0])", "}",
                "performBatchUpdates {", "  moveRow(at: 1, to: 0)", "}",
                "performBatchUpdates {", "  insertRows(at: [2])", "}",
                "performBatchUpdates {", "  deleteRows(at: [2])", "}",
            ])
    }
}
