// MoviesListTests.swift: the SwiftUI bridge driven as SwiftUI drives it. The
// stand-in starts the list's `.task` as SwiftUI does when the list appears,
// reads what the list shows, and calls the actions `.onDelete` and `.onMove`
// were given, with the offsets SwiftUI would pass; each test checks the
// store's Changes and what the list shows after them.

// The stand-in's readings are not SwiftUI's, so these tests run where SwiftUI
// is not: on Linux, in CI.
#if !canImport(SwiftUI)
    import Foundation
    import MoviesCore
    import MoviesTestSupport
    import SwiftUIStandIn
    import Testing

    /// A list on screen: its `.task` running, as while SwiftUI shows it.
    @MainActor
    struct Screen {
        let viewModel: MoviesViewModel
        let list: MoviesList
        let tasks: [Task<Void, Never>]

        /// The list of `viewModel` appears: SwiftUI starts its `.task`, and
        /// its model follows the store.
        init(_ viewModel: MoviesViewModel) async {
            self.viewModel = viewModel
            list = MoviesList(viewModel: viewModel)
            tasks = StandIn.startTasks(in: list)
            await waitUntil("the list following the store") {
                viewModel.subscriberCount == 2
            }
        }

        /// What each row shows.
        var texts: [String] { StandIn.texts(in: list) }

        /// The list goes away: SwiftUI cancels its `.task`.
        func close() async {
            for task in tasks {
                task.cancel()
                await task.value
            }
        }
    }

    @MainActor
    struct MoviesListTests {
        let alien = Movie(id: 1, title: "Alien", year: 1979)
        let heat = Movie(id: 2, title: "Heat", year: 1995)
        let jaws = Movie(id: 3, title: "Jaws", year: 1975)
        let up = Movie(id: 4, title: "Up", year: 2009)

        /// A store of four movies, and the list of them on screen.
        func onScreen(api: any MoviesAPI = StubAPI()) async -> Screen {
            await Screen(
                MoviesViewModel(
                    api: api,
                    state: MoviesState(
                        movies: [alien, heat, jaws, up], fetchStatus: .loaded)))
        }

        @Test func itShowsTheModelsRowsAndAnEditButton() async {
            let screen = await onScreen()

            #expect(
                screen.texts == [
                    "Alien (1979)", "Heat (1995)", "Jaws (1975)", "Up (2009)",
                ])
            #expect(
                StandIn.views(in: screen.list).contains { $0 is EditButton },
                "edit mode, for the handles that drag rows")
            await screen.close()
        }

        /// SwiftUI's offsets (the row dragged, and where it was dropped,
        /// counted before it is taken out) and the store's move they become:
        /// down by one, down to the end, up, and dropped where it was.
        @Test(arguments: [
            (dragged: 0, droppedAt: 2, from: 0, to: 1),
            (dragged: 0, droppedAt: 4, from: 0, to: 3),
            (dragged: 3, droppedAt: 1, from: 3, to: 1),
            (dragged: 2, droppedAt: 0, from: 2, to: 0),
        ])
        func onMoveSendsTheStoresMove(
            dragged: Int, droppedAt: Int, from: Int, to: Int
        ) async throws {
            let screen = await onScreen()
            let recorder = ChangeRecorder(screen.viewModel)
            var expected = [alien, heat, jaws, up]
            let movie = expected.remove(at: from)
            expected.insert(movie, at: to)

            let move = try #require(StandIn.moveAction(in: screen.list))
            move(IndexSet(integer: dragged), droppedAt)

            #expect(recorder.changes == [.moved(movie, from: from, to: to)])
            #expect(screen.viewModel.state.movies == expected)
            #expect(screen.texts == expected.map { "\($0.title) (\($0.year))" })
            await screen.close()
        }

        @Test(arguments: [1, 2])
        func aRowDroppedWhereItWasMovesNothing(droppedAt: Int) async throws {
            let screen = await onScreen()
            let recorder = ChangeRecorder(screen.viewModel)

            let move = try #require(StandIn.moveAction(in: screen.list))
            move(IndexSet(integer: 1), droppedAt)

            #expect(recorder.changes.isEmpty)
            await screen.close()
        }

        @Test func onDeleteDeletesEachRowHighestFirst() async throws {
            let screen = await onScreen()
            let recorder = ChangeRecorder(screen.viewModel)

            let delete = try #require(StandIn.deleteAction(in: screen.list))
            delete(IndexSet([1, 3]))

            #expect(
                recorder.changes == [
                    .deleted(up, at: 3), .deleted(heat, at: 1),
                ])
            #expect(screen.texts == ["Alien (1979)", "Jaws (1975)"])
            await screen.close()
        }

        /// A rename from elsewhere reaches the list through its model: the
        /// row shows the new title, in its place.
        @Test func aRenameFromElsewhereShowsTheNewTitle() async throws {
            let screen = await onScreen()

            try screen.viewModel.rename(at: 2, to: "Jaws 2")

            #expect(
                screen.texts == [
                    "Alien (1979)", "Heat (1995)", "Jaws 2 (1975)", "Up (2009)",
                ])
            await screen.close()
        }

        /// While the list loads, the store rejects a swipe's delete and a
        /// drag's move.
        ///
        /// SwiftUI has already drawn them, so the list is drawn afresh (a new
        /// identity) from the rows, which did not change.
        @Test(arguments: ["delete", "move"])
        func aRejectedEditPutsTheRowBack(edit: String) async throws {
            let screen = await onScreen(api: HangingAPI())
            screen.viewModel.refresh()
            let recorder = ChangeRecorder(screen.viewModel)
            let identity = StandIn.identity(in: screen.list)

            if edit == "delete" {
                let delete = try #require(StandIn.deleteAction(in: screen.list))
                delete(IndexSet(integer: 1))
            } else {
                let move = try #require(StandIn.moveAction(in: screen.list))
                move(IndexSet(integer: 0), 3)
            }

            #expect(recorder.changes.isEmpty)
            #expect(StandIn.identity(in: screen.list) != identity)
            #expect(
                screen.texts == [
                    "Alien (1979)", "Heat (1995)", "Jaws (1975)", "Up (2009)",
                ])
            screen.viewModel.cancelFetches()
            await screen.close()
        }

        /// Once the list has gone, its model follows the store no more, and
        /// the store calls nobody for it.
        @Test func aListThatWentLeavesNoSubscriber() async throws {
            let screen = await onScreen()
            await screen.close()

            try screen.viewModel.delete(at: 0)

            #expect(screen.viewModel.subscriberCount == 0)
            #expect(screen.texts.first == "Alien (1979)")
        }
    }
#endif
