// Role in the benchmark: section 6, what durability costs. A script of seeded edits is piped into
// the built `movies` binary with `--state` (a new state file in a temporary folder) and without,
// interleaved round by round. Every edit's journal line must be on disk before its row is drawn;
// group commit lets all the edits read so far share one `fsync`, so the number of `fsync` calls per
// edit is the figure that explains the time. The binary cannot report it, so the same script also
// runs in-process through `MoviesApp.run`, which lends the benchmark the journal and its count:
// once with the piped input the binary uses, once with every line ready at once (as `-c` has them).
//
//   script ─► pipe ─► movies --latency 0 --quiet [--state FILE] ─► list --json on stdout

import Foundation
import MoviesCLI
import MoviesCore
import MoviesFormats
import MoviesTestSupport
import SystemBoundary
import TerminalIO

/// A piped script through the binary, with and without a state file.
@MainActor
enum PipedScriptBenchmark {
    /// The figures for one script.
    struct Result: Codable, Equatable, Sendable {
        /// Edit lines in the script (it ends with one more line, `list --json`).
        var edits: Int
        /// Movies in the bundled catalog the script edits.
        var movies: Int
        var rounds: Int
        /// The binary, best round, in nanoseconds: without `--state` and with it.
        var plainNanoseconds: Double
        var stateNanoseconds: Double
        /// Median rounds, to show the spread.
        var plainMedianNanoseconds: Double
        var stateMedianNanoseconds: Double
        /// With over without: the median of the rounds' ratios.
        var ratio: Double
        var targetRatio: Double
        /// `fsync` and `fdatasync` calls the binary made with `--state`, counted by `strace`;
        /// `nil` when `strace` is not installed or may not trace.
        var binarySyncCalls: Int?
        /// In-process, a `LineReader` as the binary reads a pipe: one run each way, its
        /// times, and the journal's `fsync` count.
        var pipedPlainNanoseconds: Double
        var pipedStateNanoseconds: Double
        var pipedSyncCalls: Int
        /// In-process, every line ready at once (`ScriptInput`, what `-c` uses): best rounds,
        /// the median ratio, and the `fsync` count.
        var readyPlainNanoseconds: Double
        var readyStateNanoseconds: Double
        var readyRatio: Double
        var readySyncCalls: Int
    }

    /// Which input the in-process session reads.
    private enum Input {
        /// The session's piped input, as standard input feeds it.
        case piped
        /// Every line known in advance, as `-c` gives them.
        case ready
    }

    /// Pipes `count` seeded edits (then `list --json`) into the binary, `rounds` times with
    /// `--state` and without, then runs the same script in-process for the `fsync` counts.
    static func run(
        edits count: Int, rounds: Int, targetRatio: Double, seed: UInt64
    ) async throws(BenchmarkFailure) -> Result {
        guard let binary = MoviesBinary.besideThisExecutable() else {
            throw BenchmarkFailure(
                description: "state file: no movies binary next to movies-bench; build it with "
                    + "swift build -c release --product movies")
        }
        let catalog: [Movie]
        do {
            catalog = try await FakeMoviesAPI(catalogPath: nil, latency: .zero).fetchMovies()
        } catch {
            throw BenchmarkFailure(description: "state file: cannot read the bundled catalog")
        }
        var generator = SeededGenerator(seed: seed)
        let edits = EditAction.stream(count: count, size: catalog.count, using: &generator)
        let lines = edits.map(\.commandLine) + ["list --json"]
        let script = Data(lines.map { $0 + "\n" }.joined().utf8)
        var final = RawList(movies: catalog)
        for edit in edits {
            final.apply(edit)
        }
        let expected = final.movies

        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = ["--latency", "0", "--quiet"]
        func runBinary(state: Bool) throws(BenchmarkFailure) -> Double {
            let statePath = directory.appendingPathComponent("state.json").path
            // A new state file every time: the session starts from the bundled catalog.
            try? FileManager.default.removeItem(atPath: statePath)
            let run = try binary.run(
                arguments + (state ? ["--state", statePath] : []), input: script, in: directory)
            try check(listed: run.stdout, expected: expected)
            if state {
                try check(stateFile: statePath, expected: expected)
            }
            return run.nanoseconds
        }

        var plain = Samples()
        var state = Samples()
        for round in 0..<rounds {
            if round % 2 == 0 {
                plain.append(try runBinary(state: false))
                state.append(try runBinary(state: true))
            } else {
                state.append(try runBinary(state: true))
                plain.append(try runBinary(state: false))
            }
        }
        let statePath = directory.appendingPathComponent("state.json").path
        try? FileManager.default.removeItem(atPath: statePath)
        let binarySyncCalls = SyncCallCounter.available()?.count(
            binary, arguments + ["--state", statePath], input: script, in: directory)
        try? FileManager.default.removeItem(atPath: statePath)

        func runInProcess(_ input: Input, state: Bool) async throws(BenchmarkFailure) -> (
            nanoseconds: Double, syncCalls: Int
        ) {
            let path = state ? directory.appendingPathComponent("in-process.json").path : nil
            let run = try await runSession(lines, input: input, statePath: path)
            if let path {
                try check(stateFile: path, expected: expected)
            }
            return run
        }
        let pipedPlain = try await runInProcess(.piped, state: false)
        let pipedState = try await runInProcess(.piped, state: true)
        var readyPlain = Samples()
        var readyState = Samples()
        var readySyncCalls = 0
        for _ in 0..<rounds {
            readyPlain.append(try await runInProcess(.ready, state: false).nanoseconds)
            let run = try await runInProcess(.ready, state: true)
            readyState.append(run.nanoseconds)
            readySyncCalls = run.syncCalls
        }

        return Result(
            edits: count,
            movies: catalog.count,
            rounds: rounds,
            plainNanoseconds: plain.best,
            stateNanoseconds: state.best,
            plainMedianNanoseconds: plain.median,
            stateMedianNanoseconds: state.median,
            ratio: state.medianRatio(to: plain),
            targetRatio: targetRatio,
            binarySyncCalls: binarySyncCalls,
            pipedPlainNanoseconds: pipedPlain.nanoseconds,
            pipedStateNanoseconds: pipedState.nanoseconds,
            pipedSyncCalls: pipedState.syncCalls,
            readyPlainNanoseconds: readyPlain.best,
            readyStateNanoseconds: readyState.best,
            readyRatio: readyState.medianRatio(to: readyPlain),
            readySyncCalls: readySyncCalls
        )
    }

    /// One session in-process, as the binary runs it but with a discarding output; returns its
    /// time and the journal's `fsync` count (0 without a state file).
    ///
    /// A new state file each time: the session starts from the bundled catalog, as the binary's
    /// runs do.
    private static func runSession(
        _ lines: [String], input kind: Input, statePath: String?
    ) async throws(BenchmarkFailure) -> (nanoseconds: Double, syncCalls: Int) {
        if let statePath { try? FileManager.default.removeItem(atPath: statePath) }
        let input: any InputSource =
            switch kind {
            case .piped: pipedInput(lines)
            case .ready: ScriptInput(lines)
            }
        let output = CountingOutput(countsLines: false)
        var journal: StateFileJournal?
        let stopwatch = Stopwatch()
        let status = await MoviesApp.run(
            options: Options(latency: 0, statePath: statePath.map { FileName($0) }, quiet: true),
            api: FakeMoviesAPI(catalogPath: nil, latency: .zero), input: input, output: output,
            interactive: false, journalOpened: { journal = $0 })
        let nanoseconds = stopwatch.nanoseconds
        guard status == .success, output.errorBytes == 0 else {
            throw BenchmarkFailure(
                description: "state file: the in-process session ended with \(status)")
        }
        return (nanoseconds, journal?.syncCount ?? 0)
    }

    /// The app's piped input over `lines`: a `LineReader` over the bytes of the whole script in
    /// 64 KiB chunks, as it reads a pipe that has been written in full.
    private static func pipedInput(_ lines: [String]) -> LineReader {
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        let chunks = stride(from: 0, to: bytes.count, by: ChunkReader.chunkSize).map {
            ChunkReader.Chunk.bytes(Array(bytes[$0..<min($0 + ChunkReader.chunkSize, bytes.count)]))
        }
        return LineReader(chunks: ChunkReader(replaying: chunks))
    }

    /// Stops the benchmark unless `stdout` is one line of JSON holding `expected`.
    private static func check(listed stdout: Data, expected: [Movie]) throws(BenchmarkFailure) {
        guard let listed = try? JSONDecoder().decode([Movie].self, from: stdout),
            listed == expected
        else {
            throw BenchmarkFailure(
                description: "state file: the binary's final list is not the script's result")
        }
    }

    /// Stops the benchmark unless the state file at `path` restores to `expected`.
    private static func check(stateFile path: String, expected: [Movie]) throws(BenchmarkFailure) {
        guard let bytes = FileManager.default.contents(atPath: path),
            let restored = try? StateFile.restore(bytes, file: path),
            restored.state.movies == expected
        else {
            throw BenchmarkFailure(
                description: "state file: \(path) does not restore to the script's result")
        }
    }

    private static func makeDirectory() throws(BenchmarkFailure) -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "movies-bench-\(ProcessInfo.processInfo.processIdentifier)-state")
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
        } catch {
            throw BenchmarkFailure(description: "state file: cannot create \(directory.path)")
        }
        return directory
    }
}

extension PipedScriptBenchmark.Result {
    /// Whether the binary with `--state` kept within `targetRatio` of the run without it.
    var meetsTarget: Bool { ratio <= targetRatio }

    /// In process, with the binary's `LineReader`: the run with the state file over the run
    /// without it (a single run each, so a plain quotient).
    var pipedRatio: Double { pipedStateNanoseconds / max(pipedPlainNanoseconds, 1) }
}
