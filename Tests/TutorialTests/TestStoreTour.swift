// Role: the tutorial's test of Change emission, compiled and run here. Each
// action is sent with the exact Changes it must emit and the list it must
// leave; a Change no line asserted fails the test. The tutorial page shows this
// file as it is.

import MoviesCore
import MoviesTestSupport
import Testing

@MainActor
struct TestStoreTour {
    let alien = Movie(id: 1, title: "Alien", year: 1979)
    let heat = Movie(id: 2, title: "Heat", year: 1995)
    let jaws = Movie(id: 3, title: "Jaws", year: 1975)

    @Test func everyActionStatesWhatItEmits() async {
        let store = TestStore(api: StubAPI(movies: [alien, heat, jaws]))

        store.send(.refresh, emits: [.fetch(.loading)])
        await store.receive(
            [.reloaded(replaced: []), .fetch(.loaded)],
            movies: [alien, heat, jaws])

        store.send(
            .delete(at: 0), emits: [.deleted(alien, at: 0)],
            movies: [heat, jaws])
        store.send(
            .move(from: 1, to: 0), emits: [.moved(jaws, from: 1, to: 0)],
            movies: [jaws, heat])

        // Undo applies each inverse, newest first; the first list is not an
        // edit.
        store.send(
            .undo, emits: [.moved(jaws, from: 0, to: 1)], movies: [heat, jaws])
        store.send(
            .undo, emits: [.inserted(alien, at: 0)],
            movies: [alien, heat, jaws])
        store.send(.undo, fails: .nothingToUndo)
        store.send(.delete(at: 7), fails: .indexOutOfRange(7, valid: 0..<3))
    }
}
