// Role: the SwiftUI bridge's tests. Observation's `withObservationTracking`
// stands in for SwiftUI: it says whether a property a view read has changed,
// which is when SwiftUI would redraw it.

import MoviesCore
import MoviesTestSupport
import Observation
import Synchronization
import Testing

/// Whether an observed property changed; Observation may report from any
/// thread.
private final class Observed: Sendable {
    private let changed = Mutex(false)

    var value: Bool { changed.withLock { $0 } }

    /// Watches what `read` reads, once, as SwiftUI watches what a view's body
    /// reads.
    @MainActor
    static func watching(_ read: @MainActor () -> Void) -> Observed {
        let observed = Observed()
        withObservationTracking {
            read()
        } onChange: {
            observed.set()
        }
        return observed
    }

    private func set() {
        changed.withLock { $0 = true }
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

    @Test func aMoveChangesTheRowsAndDoesNotNotifyTheCount() throws {
        let viewModel = loaded()
        let model = MoviesListModel(viewModel: viewModel)
        let rows = Observed.watching { _ = model.rows }
        let count = Observed.watching { _ = model.count }

        try viewModel.move(from: 0, to: 2)

        #expect(model.rows == [heat, jaws, alien])
        #expect(rows.value)
        #expect(
            !count.value,
            "a view that shows only the count is not redrawn for a move")
    }

    @Test func aDeleteChangesBothAndTheModelFollowsTheStore() async throws {
        let viewModel = MoviesViewModel(
            api: StubAPI(movies: [alien, heat, jaws]))
        let model = MoviesListModel(viewModel: viewModel)
        viewModel.refresh()
        await viewModel.waitForFetch()
        #expect(model.rows == [alien, heat, jaws])
        #expect(model.count == 3)

        let count = Observed.watching { _ = model.count }
        try viewModel.delete(at: 1)
        try viewModel.insert(title: "Up", year: 2009, at: 0)
        try viewModel.undo()

        #expect(count.value)
        #expect(model.rows == viewModel.state.movies)
        #expect(model.count == 2)

        model.stop()
        try viewModel.delete(at: 0)
        #expect(model.rows == [alien, jaws])
    }
}
