// Undo and redo as properties: for seeded random sequences of edits, undoing everything gives the
// initial list back, redoing everything gives the final list back, and a view applying only the
// emitted Changes shows the state after every step, undos and redos included.

import MoviesTestSupport
import Testing

@testable import MoviesCore

@MainActor
@Suite("UndoHistory", .hangGuard)
struct UndoHistoryTests {
    @Test func recordingForgetsWhatWasUndone() {
        var history = UndoHistory(limit: 3)
        let change = MoviesState.Change.deleted(Movie(id: 1, title: "A", year: 2000), at: 0)
        history.record(.delete(at: 0), change)
        history.moveBack(undoneBy: [change.inverse ?? .none])
        #expect(history.undoCount == 0)
        #expect(history.redoCount == 1)
        #expect(history.point == 0)
        #expect(history.count == 1)
        history.record(.delete(at: 0), change)
        #expect(history.undoCount == 1)
        #expect(history.redoCount == 0)
        #expect(history.limit == 3)
        #expect(history.edits == [UndoHistory.Edit(action: .delete(at: 0), changes: [change])])
    }

    @Test func onlyTheNewestRefreshesCanBeUndone() {
        var history = UndoHistory()
        let alien = Movie(id: 1, title: "Alien", year: 1979)
        let edit = MoviesState.Change.deleted(alien, at: 0)
        history.record(.delete(at: 0), edit)
        // Each refresh replaced a list of its own, which its entry keeps alive.
        let reloads = (0...UndoHistory.maximumReloads).map { round in
            MoviesState.Change.reloaded(replaced: [Movie(id: round + 2, title: "R", year: 2000)])
        }
        for reload in reloads.dropLast() {
            history.record(.refresh, reload)
            history.record(.delete(at: 0), edit)
        }
        let bound: Int = 1 + 2 * UndoHistory.maximumReloads
        #expect(history.undoCount == bound, "all kept up to the bound")
        history.record(.refresh, reloads[UndoHistory.maximumReloads])
        // One refresh too many: the first edit and the oldest refresh are forgotten.
        #expect(history.undoCount == 2 * UndoHistory.maximumReloads - 1 + 1)
        let kept = history.edits.flatMap(\.changes).filter(\.isReload)
        #expect(kept == Array(reloads.dropFirst()))
        #expect(
            history.edit(1)?.changes == [edit],
            "the oldest edit left is the edit after the dropped refresh")
    }

    /// 200 seeded sessions of 60 actions each over lists of 0 to 40 movies, reloads included.
    @Test func undoAllRestoresTheStartAndRedoAllTheEnd() async throws {
        for seed in 0..<200 {
            try await checkSession(seed: UInt64(seed))
        }
    }

    private func checkSession(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let start = (0..<Int.random(in: 0...40, using: &random)).map {
            Movie(id: $0 + 1, title: "Film \($0)", year: 1950 + $0)
        }
        let served = [Movie(id: 500, title: "Served", year: 2001)]
        let viewModel = MoviesViewModel(
            api: StubAPI(.success(served)),
            state: MoviesState(movies: start, fetchStatus: .loaded))
        var mirror = MirrorList(movies: start)
        var brokenContract = 0
        viewModel.subscribe { change, state in
            if !mirror.apply(change, current: state.movies) || mirror.movies != state.movies {
                brokenContract += 1
            }
        }

        var accepted = 0
        // Past `maximumReloads` refreshes the oldest would be forgotten (a test of its own), and
        // undo all could not give the start back: a refresh that would pass it moves instead.
        var refreshes = 0
        for step in 0..<60 {
            let count = viewModel.state.movies.count
            let index = Int.random(in: 0...max(0, count), using: &random)
            let other = Int.random(in: 0...max(0, count - 1), using: &random)
            do {
                switch Int.random(in: 0..<10, using: &random) {
                case 0 where refreshes < UndoHistory.maximumReloads:
                    viewModel.refresh()
                    await viewModel.settleFetch()
                    refreshes += 1
                    accepted += 1
                case 1, 2, 3:
                    try viewModel.insert(title: "Step \(step)", year: 2000, at: index)
                    accepted += 1
                case 4, 5:
                    try viewModel.delete(at: index)
                    accepted += 1
                case 6:
                    try viewModel.undo()
                    accepted -= 1
                case 7:
                    try viewModel.redo()
                    accepted += 1
                default:
                    try viewModel.move(from: index, to: other)
                    if index != other { accepted += 1 }
                }
            } catch {
                // Rejected actions (out of range, nothing to undo) are part of the mix.
            }
        }
        // What the session left undone counts as done for the property: redo it first.
        while viewModel.history.redoCount > 0 {
            try viewModel.redo()
            accepted += 1
        }
        let end = viewModel.state.movies
        #expect(viewModel.history.undoCount == accepted, "seed \(seed)")

        while viewModel.history.undoCount > 0 { try viewModel.undo() }
        #expect(viewModel.state.movies == start, "undo all gives the start back (seed \(seed))")
        while viewModel.history.redoCount > 0 { try viewModel.redo() }
        #expect(viewModel.state.movies == end, "redo all gives the end back (seed \(seed))")
        #expect(
            brokenContract == 0, "the mirror equals the state after every Change (seed \(seed))")
        #expect(Set(end.map(\.id)).count == end.count, "ids stay unique (seed \(seed))")
    }
}
