// Time travel: `goto K` emits the undos or redos between the point and edit K, each with the state
// right after it (the TestStore's mirror checks every one), and leaves the point at K; `skip K`
// undoes back to before edit K, brings the later edits back on their movies wherever they are,
// names the ones whose movie is gone, and is itself one edit that `undo` takes back. Out of range,
// or while loading, either is refused with nothing changed.

import MoviesTestSupport
import Testing

@testable import MoviesCore

@MainActor
@Suite("UndoHistory, time travel", .hangGuard)
struct UndoHistoryTravelTests {
    private let up = Movie(id: 4, title: "Up", year: 2009)

    /// Edits 1 to 4 on the sample: a delete, a move, an insert and a rename.
    private func fourEdits() -> TestStore {
        let store = TestStore.loaded(sampleMovies)
        store.send(.delete(at: 0), emits: [.deleted(alien, at: 0)], movies: [heat, jaws])
        store.send(
            .move(from: 0, to: 1), emits: [.moved(heat, from: 0, to: 1)], movies: [jaws, heat])
        store.send(
            .insert(title: "Up", year: 2009, at: 1), emits: [.inserted(up, at: 1)],
            movies: [jaws, up, heat])
        store.send(
            .rename(at: 0, to: "Jaws 2"),
            emits: [.updated(at: 0, old: jaws, new: jaws.titled("Jaws 2"))],
            movies: [jaws.titled("Jaws 2"), up, heat])
        return store
    }

    @Test func gotoEmitsTheUndosThenTheRedosBetweenThePointAndTheEdit() {
        let store = fourEdits()
        store.send(
            .goto(edit: 1),
            emits: [
                .updated(at: 0, old: jaws.titled("Jaws 2"), new: jaws), .deleted(up, at: 1),
                .moved(heat, from: 1, to: 0),
            ],
            movies: [heat, jaws])
        #expect(store.state.movies == [heat, jaws])
        #expect(store.store.history.point == 1)
        #expect(store.store.history.count == 4, "the later edits stay, to be redone")
        store.send(
            .goto(edit: 3), emits: [.moved(heat, from: 0, to: 1), .inserted(up, at: 1)],
            movies: [jaws, up, heat])
        store.send(.goto(edit: 3), emits: [], movies: [jaws, up, heat])
        store.send(
            .goto(edit: 0),
            emits: [.deleted(up, at: 1), .moved(heat, from: 1, to: 0), .inserted(alien, at: 0)],
            movies: sampleMovies)
        store.send(.undo, fails: .nothingToUndo)
        store.send(.redo, emits: [.deleted(alien, at: 0)], movies: [heat, jaws])
        // A new edit drops what was undone, as after undo.
        store.send(.delete(at: 0), emits: [.deleted(heat, at: 0)], movies: [jaws])
        #expect(store.store.history.count == 2)
        store.send(.goto(edit: 3), fails: .editOutOfRange(3, valid: 0..<3))
    }

    @Test(arguments: [-1, 5, Int.max, Int.min])
    func gotoOutOfRangeIsRefusedWithNothingChanged(edit: Int) {
        let store = fourEdits()
        store.send(.goto(edit: edit), fails: .editOutOfRange(edit, valid: 0..<5))
        #expect(store.store.history.point == 4)
    }

    @Test func aTravelWhileLoadingIsRefusedWithNothingChanged() {
        let store = TestStore(
            api: StubAPI(), state: MoviesState(movies: sampleMovies, fetchStatus: .loaded))
        store.send(.delete(at: 0), emits: [.deleted(alien, at: 0)], movies: [heat, jaws])
        store.send(.refresh, emits: [.fetch(.loading)])
        store.send(.goto(edit: 0), fails: .stillLoading)
        store.send(.skip(edit: 1), fails: .stillLoading)
        store.send(.undo, fails: .stillLoading)
        store.store.cancelFetches()
    }

    @Test func skipLeavesTheEditOutAndBringsTheLaterOnesBackAsOneEdit() {
        let store = TestStore.loaded(sampleMovies)
        let jaws2 = jaws.titled("Jaws 2")
        store.send(.rename(at: 2, to: "Jaws 2"), emits: [.updated(at: 2, old: jaws, new: jaws2)])
        store.send(.delete(at: 0), emits: [.deleted(alien, at: 0)], movies: [heat, jaws2])
        store.send(.rate(at: 0, stars: 4), emits: [.updated(at: 0, old: heat, new: heat.rated(4))])
        // Skip the delete: undo back to before it, then bring the rating back on Heat, which is
        // now at row 1.
        store.send(
            .skip(edit: 2),
            emits: [
                .updated(at: 0, old: heat.rated(4), new: heat), .inserted(alien, at: 0),
                .updated(at: 1, old: heat, new: heat.rated(4)),
            ],
            movies: [alien, heat.rated(4), jaws2])
        let history = store.store.history
        #expect(history.count == 4)
        #expect(history.point == 4)
        #expect(history.edit(4)?.action == .skip(edit: 2))
        #expect(history.edit(4)?.dropped == [])
        #expect(history.edit(2)?.action == .delete(at: 0), "the skipped edit stays in the history")
        // The whole skip is one step: undo puts edit 2 back.
        store.send(
            .undo,
            emits: [
                .updated(at: 1, old: heat.rated(4), new: heat), .deleted(alien, at: 0),
                .updated(at: 0, old: heat, new: heat.rated(4)),
            ],
            movies: [heat.rated(4), jaws2])
        store.send(
            .redo,
            emits: [
                .updated(at: 0, old: heat.rated(4), new: heat), .inserted(alien, at: 0),
                .updated(at: 1, old: heat, new: heat.rated(4)),
            ], movies: [alien, heat.rated(4), jaws2])
    }

    @Test func aLaterEditWhoseMovieIsGoneIsDroppedAndNamed() {
        let store = TestStore.loaded(sampleMovies)
        store.send(.insert(title: "Up", year: 2009, at: 3), emits: [.inserted(up, at: 3)])
        store.send(
            .rename(at: 3, to: "Down"), emits: [.updated(at: 3, old: up, new: up.titled("Down"))])
        store.send(
            .move(from: 0, to: 2), emits: [.moved(alien, from: 0, to: 2)],
            movies: [heat, jaws, alien, up.titled("Down")])
        // Without the insert, the rename has no movie: it is left out; the move still applies.
        store.send(
            .skip(edit: 1),
            emits: [
                .moved(alien, from: 2, to: 0), .updated(at: 3, old: up.titled("Down"), new: up),
                .deleted(up, at: 3), .moved(alien, from: 0, to: 2),
            ],
            movies: [heat, jaws, alien])
        #expect(store.store.history.edit(4)?.dropped == [2])
    }

    @Test func skippingARefreshKeepsTheListItReplacedAndTheLaterEditsOnIt() async {
        let fetched = [heat, up]
        let store = TestStore(
            api: StubAPI(movies: fetched),
            state: MoviesState(movies: sampleMovies, fetchStatus: .loaded))
        store.send(.delete(at: 2), emits: [.deleted(jaws, at: 2)], movies: [alien, heat])
        store.send(.refresh, emits: [.fetch(.loading)])
        await store.receive(
            [.reloaded(replaced: [alien, heat]), .fetch(.loaded)], movies: fetched)
        store.send(.delete(at: 0), emits: [.deleted(heat, at: 0)], movies: [up])
        // Without the delete before the refresh, the refresh still brings its list.
        store.send(
            .skip(edit: 1),
            emits: [
                .inserted(heat, at: 0), .reloaded(replaced: fetched), .inserted(jaws, at: 2),
                .reloaded(replaced: sampleMovies), .deleted(heat, at: 0),
            ],
            movies: [up])
        // Skipping the refresh: the list it replaced, with the later delete of Heat on it.
        store.send(
            .undo,
            emits: [
                .inserted(heat, at: 0), .reloaded(replaced: [heat, up]), .deleted(jaws, at: 2),
                .reloaded(replaced: [alien, heat]), .deleted(heat, at: 0),
            ], movies: [up])
        store.send(
            .skip(edit: 2),
            emits: [.inserted(heat, at: 0), .reloaded(replaced: fetched), .deleted(heat, at: 1)],
            movies: [alien])
    }

    @Test(arguments: [0, 4, -1])
    func skipOutOfRangeIsRefusedWithNothingChanged(edit: Int) {
        let store = TestStore.loaded(sampleMovies)
        store.send(.delete(at: 0), emits: [.deleted(alien, at: 0)])
        store.send(.delete(at: 0), emits: [.deleted(heat, at: 0)])
        store.send(.undo, emits: [.inserted(heat, at: 0)], movies: [heat, jaws])
        // Edit 2 is undone: only done edits can be skipped.
        store.send(.skip(edit: edit), fails: .editOutOfRange(edit, valid: 1..<2))
        store.send(.skip(edit: 2), fails: .editOutOfRange(2, valid: 1..<2))
    }

    @Test func reapplyFindsTheMovieWhereverItIsAndTakesOnlyTheChangedFields() throws {
        var state = MoviesState(movies: [jaws, alien.rated(2), heat], fetchStatus: .loaded)
        // Renamed at row 0 elsewhere; here it is at row 1, rated: it keeps its rating.
        let renamed = MoviesState.Change.updated(at: 0, old: alien, new: alien.titled("Aliens"))
        #expect(
            try state.reapply(renamed)
                == .updated(at: 1, old: alien.rated(2), new: alien.titled("Aliens").rated(2)))
        #expect(try state.reapply(.moved(heat, from: 0, to: 9)) == .none, "already the last row")
        #expect(try state.reapply(.moved(jaws, from: 1, to: 9)) == .moved(jaws, from: 0, to: 2))
        #expect(try state.reapply(.inserted(up, at: 7)) == .inserted(up, at: 3))
        #expect(throws: MoviesState.EditError.doesNotApply) {
            try state.reapply(.inserted(up, at: 0))
        }
        #expect(try state.reapply(.deleted(up, at: 0)) == .deleted(up, at: 3))
        #expect(throws: MoviesState.EditError.doesNotApply) {
            try state.reapply(.deleted(up, at: 0))
        }
        #expect(try state.reapply(renamed) == .none, "the title it gives is there already")
    }
}

private let alien = sampleMovies[0]
private let heat = sampleMovies[1]
private let jaws = sampleMovies[2]
