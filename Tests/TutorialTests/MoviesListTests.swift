// MoviesListTests.swift: the SwiftUI bridge driven as SwiftUI drives it. The
// stand-in reads what the list shows and calls the actions `.onDelete` and
// `.onMove` were given, with the offsets SwiftUI would pass; each test checks
// the store's Changes and what the list shows after them.

// The stand-in's readings are not SwiftUI's, so these tests run where SwiftUI
// is not: on Linux, in CI.
#if !canImport(SwiftUI)
    import Foundation
    import MoviesCore
    import MoviesTestSupport
    import SwiftUIStandIn
    import Testing

    @MainActor
    struct MoviesListTests {
        let alien = Movie(id: 1, title: "Alien", year: 1979)
        let heat = Movie(id: 2, title: "Heat", year: 1995)
        let jaws = Movie(id: 3, title: "Jaws", year: 1975)
        let up = Movie(id: 4, title: "Up", year: 2009)

        /// A store of four movies, and the list of them.
        func onScreen(
            api: any MoviesAPI = StubAPI()
        ) -> (MoviesViewModel, MoviesList) {
            let viewModel = MoviesViewModel(
                api: api,
                state: MoviesState(
                    movies: [alien, heat, jaws, up], fetchStatus: .loaded))
            let model = MoviesListModel(viewModel: viewModel)
            return (viewModel, MoviesList(viewModel: viewModel, model: model))
        }

        @Test func itShowsTheModelsRows() {
            let (_, list) = onScreen()

            #expect(
                StandIn.texts(in: list) == [
                    "Alien (1979)", "Heat (1995)", "Jaws (1975)", "Up (2009)",
                ])
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
        ) throws {
            let (viewModel, list) = onScreen()
            let recorder = ChangeRecorder(viewModel)
            var expected = [alien, heat, jaws, up]
            let movie = expected.remove(at: from)
            expected.insert(movie, at: to)

            let move = try #require(StandIn.moveAction(in: list))
            move(IndexSet(integer: dragged), droppedAt)

            #expect(recorder.changes == [.moved(movie, from: from, to: to)])
            #expect(viewModel.state.movies == expected)
            let shown = expected.map { "\($0.title) (\($0.year))" }
            #expect(StandIn.texts(in: list) == shown)
        }

        @Test(arguments: [1, 2])
        func aRowDroppedWhereItWasMovesNothing(droppedAt: Int) throws {
            let (viewModel, list) = onScreen()
            let recorder = ChangeRecorder(viewModel)

            let move = try #require(StandIn.moveAction(in: list))
            move(IndexSet(integer: 1), droppedAt)

            #expect(recorder.changes.isEmpty)
        }

        @Test func onDeleteDeletesEachRowHighestFirst() throws {
            let (viewModel, list) = onScreen()
            let recorder = ChangeRecorder(viewModel)

            let delete = try #require(StandIn.deleteAction(in: list))
            delete(IndexSet([1, 3]))

            #expect(
                recorder.changes == [
                    .deleted(up, at: 3), .deleted(heat, at: 1),
                ])
            #expect(StandIn.texts(in: list) == ["Alien (1979)", "Jaws (1975)"])
        }

        /// A rename from elsewhere reaches the list through its model: the
        /// row shows the new title, in its place.
        @Test func aRenameFromElsewhereShowsTheNewTitle() throws {
            let (viewModel, list) = onScreen()

            try viewModel.rename(at: 2, to: "Jaws 2")

            #expect(list.model.rows == viewModel.state.movies)
            #expect(
                StandIn.texts(in: list) == [
                    "Alien (1979)", "Heat (1995)", "Jaws 2 (1975)", "Up (2009)",
                ])
        }

        @Test func aDragWhileTheListLoadsChangesNothing() throws {
            let (viewModel, list) = onScreen(api: HangingAPI())
            viewModel.refresh()
            let recorder = ChangeRecorder(viewModel)

            let move = try #require(StandIn.moveAction(in: list))
            move(IndexSet(integer: 0), 3)

            #expect(recorder.changes.isEmpty)
            #expect(StandIn.texts(in: list).first == "Alien (1979)")
            viewModel.cancelFetches()
        }
    }
#endif
