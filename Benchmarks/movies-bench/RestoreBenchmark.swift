// Role in the benchmark: section 7, starting from a state file. A large list is written as a state
// file, a snapshot line and a journal of seeded edits, to a temporary file; restoring it with
// `StateFile.restore` (decode, validate, apply the journal through the reducer) is timed against
// the least any reader of those bytes must do: decode them with a bare `JSONDecoder`. It is done
// with no journal, with a short one, and with the longest the app lets a journal grow.

import Foundation
import MoviesCore
import MoviesFormats
import MoviesTestSupport

/// Restoring a state file against decoding its bytes.
@MainActor
enum RestoreBenchmark {
    /// The figures for one list, written with journals of several lengths.
    struct Result: Codable, Equatable, Sendable {
        var movies: Int
        /// The size of the snapshot line.
        var snapshotBytes: Int
        var rounds: Int
        var targetRatio: Double
        /// The most journal lines the app keeps before it folds them into a new snapshot.
        var journalBound: Int
        /// One per journal length, shortest first.
        var files: [File]
    }

    /// The figures for one state file.
    struct File: Codable, Equatable, Sendable {
        var journalLines: Int
        var fileBytes: Int
        /// Best rounds in nanoseconds: `StateFile.restore` and the bare decode; then their median
        /// rounds and the median of the rounds' ratios.
        var restoreNanoseconds: Double
        var bareNanoseconds: Double
        var restoreMedianNanoseconds: Double
        var bareMedianNanoseconds: Double
        var ratio: Double
        /// Whether the target applies (the longest journal is there to show the bound).
        var targeted: Bool
    }

    /// Writes a `count`-movie state file with each of `journals` journal lengths (a seeded edit
    /// per line) and measures `rounds` restores and bare decodes of each, interleaved; the
    /// target applies to the lengths in `targeted`.
    static func run(
        movies count: Int, journals: [Int], targeted: Set<Int>, rounds: Int,
        targetRatio: Double, seed: UInt64
    ) throws(BenchmarkFailure) -> Result {
        var generator = SeededGenerator(seed: seed)
        let movies = SyntheticCatalog.movies(count: count, using: &generator)
        let edits = EditAction.stream(
            count: journals.max() ?? 0, size: count, using: &generator)
        let snapshot = StateFile.snapshot(movies)
        var files: [File] = []
        for lines in journals.sorted() {
            let (journal, expected) = try journalEntries(movies, Array(edits.prefix(lines)))
            let bytes = try writeAndRead(snapshot + journal, name: "\(lines)")
            files.append(
                try measure(
                    bytes, movies: count, lines: lines, expecting: expected, rounds: rounds,
                    targeted: targeted.contains(lines)))
        }
        return Result(
            movies: count, snapshotBytes: snapshot.count, rounds: rounds,
            targetRatio: targetRatio, journalBound: StateFileJournal.maximumJournalLines,
            files: files)
    }

    /// `rounds` restores and bare decodes of one file's `bytes`, interleaved.
    private static func measure(
        _ bytes: Data, movies count: Int, lines: Int, expecting expected: [Movie], rounds: Int,
        targeted: Bool
    ) throws(BenchmarkFailure) -> File {
        // One untimed pass of each first: the first decode in a process also pays for one-time
        // work (generic metadata, the decoder's caches) that no later one repeats.
        _ = try restore(bytes, expecting: expected, lines: lines)
        _ = try decodeBare(bytes, movies: count, lines: lines)
        var restored = Samples()
        var bare = Samples()
        for round in 0..<rounds {
            // Alternate which side goes first, as the load section does.
            if round % 2 == 0 {
                bare.append(try decodeBare(bytes, movies: count, lines: lines))
                restored.append(try restore(bytes, expecting: expected, lines: lines))
            } else {
                restored.append(try restore(bytes, expecting: expected, lines: lines))
                bare.append(try decodeBare(bytes, movies: count, lines: lines))
            }
        }
        return File(
            journalLines: lines,
            fileBytes: bytes.count,
            restoreNanoseconds: restored.best,
            bareNanoseconds: bare.best,
            restoreMedianNanoseconds: restored.median,
            bareMedianNanoseconds: bare.median,
            ratio: restored.medianRatio(to: bare),
            targeted: targeted
        )
    }

    /// The journal lines `edits` make on `movies`, as the app's journal writes them (one per
    /// Change the store emits), and the list they lead to.
    private static func journalEntries(
        _ movies: [Movie], _ edits: [EditAction]
    ) throws(BenchmarkFailure) -> (lines: [UInt8], final: [Movie]) {
        let viewModel = MoviesViewModel(
            api: FakeMoviesAPI(catalogPath: nil), state: MoviesState(movies: movies),
            historyLimit: 0)
        let recorder = ChangeRecorder(viewModel, keepingLists: false)
        for edit in edits {
            do {
                try viewModel.send(edit.action)
            } catch {
                throw BenchmarkFailure(description: "restore: the workload was rejected: \(error)")
            }
        }
        return (
            recorder.changes.compactMap(StateFile.journalEntry).flatMap { $0 },
            viewModel.state.movies
        )
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

extension RestoreBenchmark.Result {
    /// Whether restoring `file` kept within `targetRatio` of the bare decode; `nil` for the
    /// journal that is there only to show the bound.
    func meetsTarget(_ file: RestoreBenchmark.File) -> Bool? {
        file.targeted ? file.ratio <= targetRatio : nil
    }
}
