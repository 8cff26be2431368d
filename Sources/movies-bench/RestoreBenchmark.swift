// Role in the benchmark: section 7, starting from a state file. A large list is written as a state
// file, a snapshot line and a journal of seeded edits, to a temporary file; restoring it with
// `StateFile.restore` (decode, validate, apply the journal through the reducer) is timed against
// the least any reader of those bytes must do: decode them with a bare `JSONDecoder`. The same is
// done for a snapshot with no journal.

import Foundation
import MoviesCore
import MoviesTestSupport

/// Restoring a state file against decoding its bytes.
@MainActor
enum RestoreBenchmark {
    /// The figures for one state file, with its journal and without.
    struct Result: Codable, Equatable, Sendable {
        var movies: Int
        var journalLines: Int
        /// The file's size with the journal, and of the snapshot line alone.
        var fileBytes: Int
        var snapshotBytes: Int
        var rounds: Int
        /// Snapshot and journal, best rounds in nanoseconds: `StateFile.restore` and the bare
        /// decode; then their median rounds and the median of the rounds' ratios.
        var restoreNanoseconds: Double
        var bareNanoseconds: Double
        var restoreMedianNanoseconds: Double
        var bareMedianNanoseconds: Double
        var ratio: Double
        /// The same for the snapshot line alone (an empty journal).
        var snapshotRestoreNanoseconds: Double
        var snapshotBareNanoseconds: Double
        var snapshotRatio: Double
        var targetRatio: Double
    }

    /// Writes a `count`-movie state file with `journalLines` journaled edits and measures
    /// `rounds` restores and bare decodes of it, interleaved, and of its snapshot alone.
    static func run(
        movies count: Int, journalLines: Int, rounds: Int, targetRatio: Double, seed: UInt64
    ) throws(BenchmarkFailure) -> Result {
        var generator = SeededGenerator(seed: seed)
        let movies = SyntheticCatalog.movies(count: count, using: &generator)
        let edits = EditAction.stream(count: journalLines, size: count, using: &generator)
        let (journal, expected) = try journalEntries(movies, edits)
        let snapshot = StateFile.snapshot(movies)
        let withJournal = try writeAndRead(snapshot + journal, name: "journal")
        let snapshotOnly = try writeAndRead(snapshot, name: "snapshot")

        // One untimed pass of each first: the first decode in a process also pays for one-time
        // work (generic metadata, the decoder's caches) that no later one repeats.
        _ = try restore(withJournal, expecting: expected, lines: journalLines)
        _ = try decodeBare(withJournal, movies: count, lines: journalLines)

        var restored = Samples()
        var bare = Samples()
        var snapshotRestored = Samples()
        var snapshotBare = Samples()
        for round in 0..<rounds {
            // Alternate which side goes first, as the load section does.
            if round % 2 == 0 {
                bare.append(try decodeBare(withJournal, movies: count, lines: journalLines))
                restored.append(try restore(withJournal, expecting: expected, lines: journalLines))
                snapshotBare.append(try decodeBare(snapshotOnly, movies: count, lines: 0))
                snapshotRestored.append(try restore(snapshotOnly, expecting: movies, lines: 0))
            } else {
                restored.append(try restore(withJournal, expecting: expected, lines: journalLines))
                bare.append(try decodeBare(withJournal, movies: count, lines: journalLines))
                snapshotRestored.append(try restore(snapshotOnly, expecting: movies, lines: 0))
                snapshotBare.append(try decodeBare(snapshotOnly, movies: count, lines: 0))
            }
        }
        return Result(
            movies: count,
            journalLines: journalLines,
            fileBytes: withJournal.count,
            snapshotBytes: snapshotOnly.count,
            rounds: rounds,
            restoreNanoseconds: restored.best,
            bareNanoseconds: bare.best,
            restoreMedianNanoseconds: restored.median,
            bareMedianNanoseconds: bare.median,
            ratio: restored.medianRatio(to: bare),
            snapshotRestoreNanoseconds: snapshotRestored.best,
            snapshotBareNanoseconds: snapshotBare.best,
            snapshotRatio: snapshotRestored.medianRatio(to: snapshotBare),
            targetRatio: targetRatio
        )
    }

    /// The journal lines `edits` make on `movies`, as the app's journal writes them (one per
    /// Change the store emits), and the list they lead to.
    private static func journalEntries(
        _ movies: [Movie], _ edits: [EditAction]
    ) throws(BenchmarkFailure) -> (lines: [UInt8], final: [Movie]) {
        let viewModel = MoviesViewModel(
            api: FakeMoviesAPI(), state: MoviesState(movies: movies), historyLimit: 0)
        let recorder = ChangeRecorder(recording: viewModel)
        for edit in edits {
            do {
                try viewModel.send(edit.action)
            } catch {
                throw BenchmarkFailure(description: "restore: the workload was rejected: \(error)")
            }
        }
        return (recorder.changes.flatMap(StateFile.journalEntry), viewModel.state.movies)
    }

    /// Writes `bytes` to a temporary file and reads them back, as the app reads a state file.
    private static func writeAndRead(_ bytes: [UInt8], name: String) throws(BenchmarkFailure)
        -> Data
    {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "movies-bench-\(ProcessInfo.processInfo.processIdentifier)-\(name).state")
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            try Data(bytes).write(to: url)
            return try Data(contentsOf: url)
        } catch {
            throw BenchmarkFailure(description: "restore: cannot write \(url.path): \(error)")
        }
    }

    /// `StateFile.restore` on the bytes; returns the time.
    private static func restore(
        _ bytes: Data, expecting expected: [Movie], lines: Int
    ) throws(BenchmarkFailure) -> Double {
        let stopwatch = Stopwatch()
        let restored: StateFile.Restored
        do {
            restored = try StateFile.restore(bytes, file: "bench.state")
        } catch {
            throw BenchmarkFailure(description: "restore: \(error)")
        }
        let nanoseconds = stopwatch.nanoseconds
        guard restored.journalLines == lines, restored.state.movies == expected else {
            throw BenchmarkFailure(description: "restore: the restored list is not the one written")
        }
        return nanoseconds
    }

    /// The baseline: the bytes decoded with one `JSONDecoder` and nothing else; returns the time.
    ///
    /// It splits the bytes at newlines, decodes the first line as `[Movie]` and every other line
    /// as a `MoviesState.Change` into a `[Change]`; nothing is validated, nothing applied.
    private static func decodeBare(
        _ bytes: Data, movies count: Int, lines: Int
    ) throws(BenchmarkFailure) -> Double {
        let newline = UInt8(ascii: "\n")
        let stopwatch = Stopwatch()
        let decoder = JSONDecoder()
        let movies: [Movie]
        var changes: [MoviesState.Change] = []
        do {
            guard let snapshotEnd = bytes.firstIndex(of: newline) else {
                throw BenchmarkFailure(description: "restore: the file has no snapshot line")
            }
            movies = try decoder.decode([Movie].self, from: bytes[..<snapshotEnd])
            var lineStart = bytes.index(after: snapshotEnd)
            while let lineEnd = bytes[lineStart...].firstIndex(of: newline) {
                changes.append(
                    try decoder.decode(MoviesState.Change.self, from: bytes[lineStart..<lineEnd]))
                lineStart = bytes.index(after: lineEnd)
            }
        } catch let failure as BenchmarkFailure {
            throw failure
        } catch {
            throw BenchmarkFailure(description: "restore: the bare decode failed: \(error)")
        }
        let nanoseconds = stopwatch.nanoseconds
        guard movies.count == count, changes.count == lines else {
            throw BenchmarkFailure(description: "restore: the bare decode read other contents")
        }
        return nanoseconds
    }
}
