// MoviesTableViewControllerTests.swift: the UIKit bridge driven as UIKit
// drives it: its lifecycle, the table's questions, the user's swipes and
// drags. The stand-in table records every call it gets, so each test asserts
// what the table was told, the rows it shows and the store's list.

// The stand-in's records are not UIKit's, so these tests run where UIKit is
// not: on Linux, in CI.
#if !canImport(UIKit)
    import Foundation
    import MoviesCore
    import MoviesTestSupport
    import Testing
    import UIKitStandIn

    @MainActor
    struct MoviesTableViewControllerTests {
        let alien = Movie(id: 1, title: "Alien", year: 1979)
        let heat = Movie(id: 2, title: "Heat", year: 1995)
        let jaws = Movie(id: 3, title: "Jaws", year: 1975)
        let up = Movie(id: 4, title: "Up", year: 2009)

        /// A store, and a controller whose screen is on: UIKit loads the
        /// view, then says it will appear.
        func onScreen(
            api: any MoviesAPI = StubAPI()
        ) -> (MoviesViewModel, MoviesTableViewController) {
            let viewModel = MoviesViewModel(
                api: api,
                state: MoviesState(
                    movies: [alien, heat, jaws, up], fetchStatus: .loaded))
            let controller = MoviesTableViewController(viewModel: viewModel)
            controller.loadViewIfNeeded()
            controller.viewWillAppear(false)
            return (viewModel, controller)
        }

        /// The path of `row` in the table's one section.
        func path(_ row: Int) -> IndexPath {
            IndexPath(row: row, section: 0)
        }

        @Test func itShowsTheListAndCallsSuper() {
            let (_, controller) = onScreen()

            #expect(
                controller.lifecycle == [
                    "viewDidLoad()", "viewWillAppear(false)",
                ])
            #expect(controller.navigationItem.rightBarButtonItem != nil)
            #expect(controller.tableView.calls == ["reloadData()"])
            #expect(
                controller.tableView.shownTexts() == [
                    "Alien (1979)", "Heat (1995)", "Jaws (1975)", "Up (2009)",
                ])
        }

        @Test func editsFromElsewhereBecomeBatchUpdates() throws {
            let (viewModel, controller) = onScreen()

            try viewModel.delete(at: 0)
            try viewModel.move(from: 2, to: 0)
            try viewModel.insert(title: "Ran", year: 1985, at: 1)
            try viewModel.undo()

            #expect(
                controller.tableView.calls == [
                    "reloadData()",
                    "performBatchUpdates {",
                    "  deleteRows(at: [0], with: .automatic)", "}",
                    "performBatchUpdates {", "  moveRow(at: 2, to: 0)", "}",
                    "performBatchUpdates {",
                    "  insertRows(at: [1], with: .automatic)", "}",
                    "performBatchUpdates {",
                    "  deleteRows(at: [1], with: .automatic)", "}",
                ])
            #expect(controller.rows == [up, heat, jaws])
            #expect(controller.rows == viewModel.state.movies)
        }

        /// A rename reloads its one row, in a batch.
        ///
        /// No row moved: the row that reads differently is drawn again, and
        /// its cell shows the new title. Its undo is a rename too.
        @Test func aRenameFromElsewhereReloadsItsRowAlone() throws {
            let (viewModel, controller) = onScreen()

            try viewModel.rename(at: 2, to: "Jaws 2")

            #expect(
                controller.tableView.calls == [
                    "reloadData()", "performBatchUpdates {",
                    "  reloadRows(at: [2], with: .automatic)", "}",
                ])
            #expect(controller.rows == viewModel.state.movies)
            #expect(
                controller.tableView.shownTexts() == [
                    "Alien (1979)", "Heat (1995)", "Jaws 2 (1975)", "Up (2009)",
                ])

            try viewModel.undo()

            #expect(
                Array(controller.tableView.calls.dropFirst(4)) == [
                    "performBatchUpdates {",
                    "  reloadRows(at: [2], with: .automatic)", "}",
                ])
            #expect(controller.tableView.shownTexts()[2] == "Jaws (1975)")
        }

        @Test func swipeToDeleteSendsDeleteAndTheChangeDeletesTheRow() {
            let (viewModel, controller) = onScreen()

            controller.tableView(
                controller.tableView, commit: .delete, forRowAt: path(1))

            #expect(viewModel.state.movies == [alien, jaws, up])
            #expect(controller.rows == [alien, jaws, up])
            #expect(
                controller.tableView.calls == [
                    "reloadData()", "performBatchUpdates {",
                    "  deleteRows(at: [1], with: .automatic)", "}",
                ])
            #expect(
                controller.tableView.shownTexts() == [
                    "Alien (1979)", "Jaws (1975)", "Up (2009)",
                ])
        }

        /// A drag down and a drag up: the table has moved the row itself,
        /// so it is told nothing more; the store and `rows` follow.
        @Test(arguments: [(0, 2), (3, 1)])
        func aDragSendsMoveAndDoesNotMoveTheRowAgain(from: Int, to: Int) {
            let (viewModel, controller) = onScreen()
            let recorder = ChangeRecorder(viewModel)
            var expected = [alien, heat, jaws, up]
            let movie = expected.remove(at: from)
            expected.insert(movie, at: to)

            controller.tableView(
                controller.tableView, moveRowAt: path(from), to: path(to))

            #expect(recorder.changes == [.moved(movie, from: from, to: to)])
            #expect(viewModel.state.movies == expected)
            #expect(controller.rows == expected)
            #expect(controller.tableView.calls == ["reloadData()"])
        }

        @Test func aMoveTheUserDidNotMakeIsPlayedOnTheTable() throws {
            let (viewModel, controller) = onScreen()
            controller.tableView(
                controller.tableView, moveRowAt: path(0), to: path(2))

            try viewModel.undo()

            #expect(controller.rows == [alien, heat, jaws, up])
            #expect(
                controller.tableView.calls == [
                    "reloadData()",
                    "performBatchUpdates {", "  moveRow(at: 2, to: 0)", "}",
                ])
        }

        /// While the list loads, the store rejects a swipe's delete: the row
        /// stays, and is drawn again, which closes its Delete button.
        @Test func aRejectedSwipePutsTheRowBack() {
            let (viewModel, controller) = onScreen(api: HangingAPI())
            viewModel.refresh()

            controller.tableView(
                controller.tableView, commit: .delete, forRowAt: path(1))

            #expect(controller.rows == [alien, heat, jaws, up])
            #expect(
                controller.tableView.calls == [
                    "reloadData()", "  reloadRows(at: [1], with: .automatic)",
                ])
            viewModel.cancelFetches()
        }

        /// While the list loads, the store rejects the drag: the rows do not
        /// move, and the table, which did, is drawn again from them once the
        /// drag is over.
        @Test(.hangGuard) func aRejectedDragPutsTheTableBack() async {
            let (viewModel, controller) = onScreen(api: HangingAPI())
            viewModel.refresh()
            let recorder = ChangeRecorder(viewModel)

            controller.tableView(
                controller.tableView, moveRowAt: path(0), to: path(3))
            #expect(controller.tableView.calls == ["reloadData()"])
            await nextTurnOfTheMainQueue()

            #expect(recorder.changes.isEmpty)
            #expect(viewModel.state.movies == [alien, heat, jaws, up])
            #expect(controller.rows == [alien, heat, jaws, up])
            #expect(
                controller.tableView.calls == ["reloadData()", "reloadData()"])
            viewModel.cancelFetches()
        }

        @Test func afterTheScreenGoesTheTableHearsNothing() throws {
            let (viewModel, controller) = onScreen()

            controller.viewDidDisappear(true)
            try viewModel.delete(at: 0)

            #expect(controller.lifecycle.last == "viewDidDisappear(true)")
            #expect(controller.tableView.calls == ["reloadData()"])
            #expect(controller.rows == [alien, heat, jaws, up])
        }

        @Test func aControllerThatGoesAwayIsNotKeptByTheStore() throws {
            let viewModel = MoviesViewModel(
                api: StubAPI(),
                state: MoviesState(movies: [alien, heat], fetchStatus: .loaded))
            weak var released: MoviesTableViewController?
            do {
                let controller = MoviesTableViewController(viewModel: viewModel)
                controller.viewWillAppear(false)
                released = controller
            }
            // Its subscription captured it weakly: gone, and an edit reaches
            // nobody.
            #expect(released == nil)
            try viewModel.delete(at: 0)
        }

        /// Waits until what is queued on the main queue now has run.
        func nextTurnOfTheMainQueue() async {
            await withCheckedContinuation { done in
                DispatchQueue.main.async { done.resume() }
            }
        }
    }
#endif
