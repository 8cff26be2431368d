// Role: the SwiftUI bridge's model, tested. Observation's
// `withObservationTracking` stands in for SwiftUI: it says whether a property a
// view read has changed, which is when SwiftUI would redraw it. A task running
// `follow()` stands in for the list's `.task`, which SwiftUI starts when the
// list appears and cancels when it goes.

import MoviesCore
import MoviesTestSupport
import Observation
import Testing

/// Whether an observed property changed.
@MainActor
private final class Observed {
    private(set) var changed = false

    /// Watches what `read` reads, once, as SwiftUI watches what a view's body
    /// reads.
    ///
    /// The models change on the main actor, where Observation then calls
    /// back.
    static func watching(_ read: () -> Void) -> Observed {
        let observed = Observed()
        withObservationTracking {
            read()
        } onChange: {
            MainActor.assumeIsolated { observed.changed = true }
        }
        return observed
    }
}

@MainActor
struct MoviesListModelTests {
    let alien = Movie(id: 1, title: "Alien", year: 1979)
    let heat = Movie(id: 2, title: "Heat", year: 1995)
    let jaws = Movie(id: 3, title: "Jaws", year: 1975)

    func loaded() -> MoviesViewModel {
        MoviesViewModel(
            api: StubAPI(movies: [alien, heat, jaws]),
            state: MoviesState(
                movies: [alien, heat, jaws], fetchStatus: .loaded))
    }

    @Test func aMoveChangesTheRowsAndDoesNotNotifyTheCount() async throws {
        let viewModel = loaded()
        let model = MoviesListModel(viewModel: viewModel)
        let following = await follow(model, viewModel)
        let rows = Observed.watching { _ = model.rows }
        let count = Observed.watching { _ = model.count }

        try viewModel.move(from: 0, to: 2)

        #expect(model.rows == [heat, jaws, alien])
        #expect(rows.changed)
        #expect(
            !count.changed,
            "a view that shows only the count is not redrawn for a move")
        await stop(following)
    }

    @Test func aDeleteChangesBothAndTheModelFollowsTheStore() async throws {
        let viewModel = MoviesViewModel(
            api: StubAPI(movies: [alien, heat, jaws]))
        let model = MoviesListModel(viewModel: viewModel)
        let following = await follow(model, viewModel)
        viewModel.refresh()
        await viewModel.waitForFetch()
        #expect(model.rows == [alien, heat, jaws])
        #expect(model.count == 3)

        let count = Observed.watching { _ = model.count }
        try viewModel.delete(at: 1)
        try viewModel.insert(title: "Up", year: 2009, at: 0)
        try viewModel.undo()

        #expect(count.changed)
        #expect(model.rows == viewModel.state.movies)
        #expect(model.count == 2)

        await stop(following)
        try viewModel.delete(at: 0)
        #expect(model.rows == [alien, jaws], "a screen that went: no more")
    }

    /// SwiftUI makes a view's `@State` value each time it makes the view, and
    /// keeps only the first: the models it drops must leave nothing behind,
    /// and neither must the ones whose screen went away.
    @Test func modelsMadeAndDroppedLeaveNoSubscriber() async {
        let viewModel = loaded()
        for _ in 1...100 {
            _ = MoviesListModel(viewModel: viewModel)
        }
        #expect(viewModel.subscriberCount == 0, "made, never shown")

        var shown: [Task<Void, Never>] = []
        for _ in 1...100 {
            shown.append(
                await follow(MoviesListModel(viewModel: viewModel), viewModel))
        }
        #expect(viewModel.subscriberCount == 200, "two for each shown model")
        for following in shown {
            await stop(following)
        }
        #expect(viewModel.subscriberCount == 0, "every screen has gone")
    }

    /// Starts `model.follow()`, as the list's `.task` does when it appears,
    /// and returns once the model has subscribed.
    func follow(
        _ model: MoviesListModel, _ viewModel: MoviesViewModel,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Task<Void, Never> {
        let before = viewModel.subscriberCount
        let following = Task { await model.follow() }
        await waitUntil("the model following", sourceLocation: sourceLocation) {
            viewModel.subscriberCount == before + 2
        }
        return following
    }

    /// Cancels a `follow()`, as SwiftUI cancels `.task` when the view goes,
    /// and waits for it to end.
    func stop(_ following: Task<Void, Never>) async {
        following.cancel()
        await following.value
    }
}
