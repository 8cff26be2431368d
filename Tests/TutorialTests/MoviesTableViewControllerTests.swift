// Role: the UIKit bridge's tests. A `RecordingTable` stands in for the table; each test drives the
// controller through its lifecycle and the user's input, and asserts every call the table got and
// the rows its data source holds.

import MoviesCore
import MoviesTestSupport
import Testing

@MainActor
struct MoviesTableViewControllerTests {
    let alien = Movie(id: 1, title: "Alien", year: 1979)
    let heat = Movie(id: 2, title: "Heat", year: 1995)
    let jaws = Movie(id: 3, title: "Jaws", year: 1975)

    /// A loaded store, a table, and a controller whose screen is on.
    func onScreen() -> (MoviesViewModel, RecordingTable, MoviesTableViewController) {
        let viewModel = MoviesViewModel(
            api: StubAPI(movies: [alien, heat, jaws]),
            state: MoviesState(movies: [alien, heat, jaws], fetchStatus: .loaded))
        let table = RecordingTable()
        let controller = MoviesTableViewController(viewModel: viewModel, table: table)
        table.numberOfRows = { [weak controller] in controller?.numberOfRows() ?? 0 }
        controller.viewWillAppear()
        return (viewModel, table, controller)
    }

    @Test func editsWhileOnScreenBecomeBatchUpdatesAndNothingAfterItGoes() throws {
        let (viewModel, table, controller) = onScreen()

        try viewModel.delete(at: 0)
        try viewModel.move(from: 1, to: 0)
        try viewModel.insert(title: "Up", year: 2009, at: 2)
        try viewModel.undo()
        controller.viewDidDisappear()
        try viewModel.delete(at: 0)

        #expect(
            table.calls == [
                "reloadData()",
                "performBatchUpdates {", "  deleteRows(at: [0])", "}",
                "performBatchUpdates {", "  moveRow(at: 1, to: 0)", "}",
                "performBatchUpdates {", "  insertRows(at: [2])", "}",
                "performBatchUpdates {", "  deleteRows(at: [2])", "}",
            ])
        #expect(controller.rows == [jaws, heat])
        #expect(viewModel.state.movies == [heat])
    }

    @Test func swipeToDeleteSendsDeleteAndTheChangeDeletesTheRow() throws {
        let (viewModel, table, controller) = onScreen()

        try controller.commitDelete(forRow: 1)

        #expect(viewModel.state.movies == [alien, jaws])
        #expect(controller.rows == [alien, jaws])
        #expect(controller.title(forRow: 1) == "Jaws (1975)")
        #expect(
            table.calls == ["reloadData()", "performBatchUpdates {", "  deleteRows(at: [1])", "}"])
    }

    @Test func dragToReorderSendsMoveAndDoesNotMoveTheRowAgain() throws {
        let (viewModel, table, controller) = onScreen()

        // The table has moved the row on screen; it tells the data source.
        try controller.moveRow(at: 0, to: 2)

        #expect(viewModel.state.movies == [heat, jaws, alien])
        #expect(controller.rows == [heat, jaws, alien])
        #expect(table.calls == ["reloadData()"])

        // A move the user did not make (undo) is played on the table.
        try viewModel.undo()
        #expect(controller.rows == [alien, heat, jaws])
        #expect(
            table.calls == [
                "reloadData()", "performBatchUpdates {", "  moveRow(at: 2, to: 0)", "}",
            ])
    }

    @Test func aRejectedSwipeChangesNothing() {
        let (viewModel, table, controller) = onScreen()

        #expect(throws: MoviesState.EditError.indexOutOfRange(3, valid: 0..<3)) {
            try controller.commitDelete(forRow: 3)
        }
        #expect(controller.rows == viewModel.state.movies)
        #expect(table.calls == ["reloadData()"])
    }

    @Test func aControllerThatGoesAwayIsNotKeptByTheStore() throws {
        let viewModel = MoviesViewModel(
            api: StubAPI(movies: [alien, heat]),
            state: MoviesState(movies: [alien, heat], fetchStatus: .loaded))
        let table = RecordingTable()
        weak var released: MoviesTableViewController?
        do {
            let controller = MoviesTableViewController(viewModel: viewModel, table: table)
            controller.viewWillAppear()
            released = controller
        }
        // Its subscription captured it weakly: gone, and an edit reaches nobody.
        #expect(released == nil)
        try viewModel.delete(at: 0)
        #expect(table.calls == ["reloadData()"])
    }
}
