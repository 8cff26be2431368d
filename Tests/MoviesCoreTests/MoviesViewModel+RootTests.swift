// The root reducer's actions from another process, the ones a follower's store is sent: a
// journaled Change is applied as it is and emitted as itself, a new snapshot is a reload, neither
// is this store's to undo, and a Change that does not fit the list is rejected with nothing
// emitted and nothing changed.

import MoviesTestSupport
import Testing

@testable import MoviesCore

@MainActor
@Suite("Root: actions from another process")
struct RootActionsFromAnotherProcessTests {
    private let alien = sampleMovies[0]
    private let heat = sampleMovies[1]
    private let jaws = sampleMovies[2]

    /// Each kind of row Change, as another session journaled it, and the list it leaves.
    nonisolated static let journaled: [(MoviesState.Change, [Movie])] = [
        (
            .inserted(Movie(id: 9, title: "Up", year: 2009), at: 1),
            [
                sampleMovies[0], Movie(id: 9, title: "Up", year: 2009), sampleMovies[1],
                sampleMovies[2],
            ]
        ),
        (.deleted(sampleMovies[1], at: 1), [sampleMovies[0], sampleMovies[2]]),
        (
            .moved(sampleMovies[2], from: 2, to: 0),
            [sampleMovies[2], sampleMovies[0], sampleMovies[1]]
        ),
        (
            .updated(
                at: 1, old: Movie(id: 2, title: "Heat 2", year: 1995).titled("Heat"),
                new: Movie(id: 2, title: "Heat 2", year: 1995)),
            [sampleMovies[0], Movie(id: 2, title: "Heat 2", year: 1995), sampleMovies[2]]
        ),
    ]

    @Test(arguments: journaled)
    func aJournaledChangeIsAppliedAndEmittedAsItIsButNotUndone(
        change: MoviesState.Change, movies: [Movie]
    ) {
        let store = TestStore.loaded(sampleMovies)
        store.send(.journaled(change: change), emits: [change], movies: movies)
        #expect(store.state.fetchStatus == .loaded)
        // The other session's edit: undoing it is that session's business.
        #expect(store.store.history.undoCount == 0)
        store.send(.undo, fails: .nothingToUndo)
    }

    /// An insert keeps the ids the store hands out past the inserted one, as a restore does.
    @Test func aJournaledInsertKeepsTheNextIDPastIt() {
        let store = TestStore.loaded(sampleMovies)
        let far = Movie(id: 40, title: "Up", year: 2009)
        store.send(.journaled(change: .inserted(far, at: 3)), emits: [.inserted(far, at: 3)])
        #expect(store.state.nextID == 41)
    }

    /// A Change that does not fit (another movie at its index, an index out of range, or no row
    /// Change at all) is rejected: nothing emitted, the state as it was.
    @Test func aJournaledChangeThatDoesNotFitIsRejectedAndChangesNothing() {
        let store = TestStore.loaded(sampleMovies)
        store.send(.journaled(change: .deleted(jaws, at: 0)), fails: .doesNotApply)
        store.send(.journaled(change: .moved(alien, from: 0, to: 3)), fails: .doesNotApply)
        store.send(
            .journaled(change: .updated(at: 1, old: heat.titled("Not Heat"), new: heat)),
            fails: .doesNotApply)
        store.send(.journaled(change: .reloaded(replaced: [])), fails: .doesNotApply)
        store.send(.journaled(change: .fetch(.loading)), fails: .doesNotApply)
    }

    /// A snapshot that differs replaces the list as a refresh's answer does, with the list it
    /// replaced in its `.reloaded`; it is not undone here either.
    @Test func aSnapshotReplacesTheListAsAReloadThatIsNotUndone() {
        let store = TestStore.loaded(sampleMovies)
        store.send(.delete(at: 0), emits: [.deleted(alien, at: 0)])
        store.send(
            .snapshotWritten(movies: [jaws, alien]), emits: [.reloaded(replaced: [heat, jaws])],
            movies: [jaws, alien])
        #expect(store.store.history.undoCount == 1, "only this store's own edit")
    }

    /// A follower that started from an empty file gets its first list as a snapshot; that is
    /// no edit of its own either.
    @Test func aFirstSnapshotOnAnEmptyStoreIsNotUndoneEither() {
        let store = TestStore(api: StubAPI())
        store.send(.snapshotWritten(movies: sampleMovies), emits: [.reloaded(replaced: [])])
        store.send(.undo, fails: .nothingToUndo)
    }
}
