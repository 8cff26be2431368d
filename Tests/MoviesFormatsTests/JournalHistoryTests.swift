// The history a state file keeps: for seeded sessions of edits, undos, redos, travels, skips and
// refreshes, a restore of the file after every action gives the store's list and the store's
// edits around its point, with the point where it was; a travel a kill cut short is taken back
// whole; and lines that do not fit the history give the history up, never the list.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCore
@testable import MoviesFormats

@MainActor
@Suite("JournalHistory", .hangGuard)
struct JournalHistoryTests {
    @Test func aRestoreGivesTheStoresListAndItsHistoryAroundThePoint() async throws {
        for seed in 0..<24 {
            try await checkSession(seed: UInt64(seed))
        }
    }

    private func checkSession(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let fetched = [sampleMovies[2], Movie(id: 40, title: "Fetched", year: 2001)]
        let (journal, store) = try file.startStore(
            api: StubAPI(.success(fetched), .success(sampleMovies), .success(fetched)))
        for step in 0..<60 {
            let count = store.state.movies.count
            let index = Int.random(in: 0..<max(count, 1), using: &random)
            let edits = store.history.count
            switch Int.random(in: 0..<20, using: &random) {
            case 0:
                store.refresh()
                await store.settleFetch()
            case 1..<4:
                _ = try? store.insert(title: "Step \(step)", year: 2000, at: index)
            case 4..<6: _ = try? store.delete(at: index)
            case 6..<8:
                _ = try? store.move(
                    from: index, to: Int.random(in: 0..<max(count, 1), using: &random))
            case 8: _ = try? store.rename(at: index, to: "Renamed \(step)")
            case 9: _ = try? store.rate(at: index, stars: 1 + step % 5)
            case 10..<13: _ = try? store.undo()
            case 13..<15: _ = try? store.redo()
            case 15..<18:
                _ = try? store.send(.goto(edit: Int.random(in: 0...edits, using: &random)))
            default:
                _ = try? store.send(.skip(edit: Int.random(in: 1...max(edits, 1), using: &random)))
            }
            journal.commit()
            let context = Comment(rawValue: "seed \(seed), step \(step)")
            let restored = try StateFile.restore(Data(try #require(file.bytes)), file: "st")
            #expect(restored.state.movies == store.state.movies, context)
            expectWindow(restored.history, of: store.history, context)
        }
    }

    /// `kept` is a run of `history`'s edits around its point, the point at the same edit, and
    /// holds no refresh.
    private func expectWindow(
        _ kept: StateFile.History, of history: UndoHistory, _ context: Comment
    ) {
        let first = history.point - kept.point
        #expect(first >= 0 && first + kept.edits.count <= history.count, context)
        for (offset, edit) in kept.edits.enumerated() {
            let original = history.edit(first + offset + 1)
            #expect(edit.changes == original?.changes, context)
            #expect(edit.dropped == original?.dropped, context)
            if case .skip = original?.action { #expect(edit.action == original?.action, context) }
            let refreshes = edit.changes.filter(\.isReload)
            #expect(refreshes.isEmpty, context)
        }
    }

    @Test func aTravelAKillCutShortIsTakenBackWholeAndItsLinesCutOff() throws {
        let alien = sampleMovies[0]
        let heat = sampleMovies[1]
        let whole =
            StateFile.bytes(sampleMovies, [.deleted(alien, at: 0), .deleted(heat, at: 0)])
        // `goto 0`: two undo steps, of which only the first reached the file.
        let cut = whole + StateFile.journalLine(.inserted(heat, at: 0), .undo, count: 2)
        let restored = try StateFile.restore(Data(cut), file: "st")
        #expect(restored.state.movies == [sampleMovies[2]])
        #expect(restored.history.point == 2)
        #expect(restored.validLength == whole.count, "the next line goes where the travel began")
        #expect(restored.journalLines == 2)
        // Whole, it is kept.
        let both = cut + StateFile.journalLine(.inserted(alien, at: 0), .undo)
        let travelled = try StateFile.restore(Data(both), file: "st")
        #expect(travelled.state.movies == sampleMovies)
        #expect(travelled.history.point == 0)
        #expect(travelled.history.edits.count == 2)
    }

    @Test func aStepThatDoesNotFitTheHistoryGivesItUpAndKeepsTheList() throws {
        let alien = sampleMovies[0]
        // A redo with nothing undone, as a hand-edited file might hold.
        let bytes =
            StateFile.bytes(sampleMovies, [.deleted(alien, at: 0)])
            + StateFile.journalLine(.inserted(alien, at: 0), .redo)
        let restored = try StateFile.restore(Data(bytes), file: "st")
        #expect(restored.state.movies == sampleMovies)
        #expect(restored.history == StateFile.History())
    }

    @Test func aFoldKeepsTheEditsBackToTheNearestRefreshAndWithinItsBudget() async throws {
        let store = MoviesViewModel(
            api: StubAPI(movies: [sampleMovies[1]]),
            state: MoviesState(movies: sampleMovies, fetchStatus: .loaded))
        try store.delete(at: 0)
        store.refresh()
        await store.settleFetch()
        try store.insert(title: "Up", year: 2009, at: 0)
        try store.insert(title: "Down", year: 2009, at: 0)
        try store.undo()
        // Edit 1 lies beyond the refresh (edit 2): only 3 done and 4 undone are kept.
        let lines = StateFile.historyLines(store.history)
        let restored = try StateFile.restore(
            Data(StateFile.snapshot(store.state.movies) + lines), file: "st")
        #expect(restored.history.point == 1)
        #expect(
            restored.history.edits.map(\.changes) == [3, 4].map { store.history.edit($0)?.changes })
        // A budget too small for the farther edit keeps the nearer one.
        let one = StateFile.historyLines(store.history, budget: lines.count - 1)
        let nearer = try StateFile.restore(
            Data(StateFile.snapshot(store.state.movies) + one), file: "st")
        #expect(nearer.history.point == 1)
        #expect(nearer.history.edits.count == 1)
        #expect(StateFile.historyLines(store.history, budget: 0).isEmpty)
    }
}
