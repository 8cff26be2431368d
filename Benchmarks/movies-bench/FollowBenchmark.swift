// Role in the benchmark: section 10, a second window. The built `movies` binary follows a state
// file (`--follow FILE`) in a process of its own, its rows read from a pipe, while an owner in this
// process edits the list through a real journal on that file. For each edit: how long after the
// owner's commit the follower's row arrives, and how many bytes it is; and, with a screen view
// following the same file in process, the bytes it writes to repaint the edit. The rows must be
// the very rows the owner's own line view draws, or the benchmark stops.
//
//   owner: edit ─► journal line ─► FILE ─► movies --follow FILE ─► row on its stdout (timed)
//                                      └─► FollowedStateFile ─► screen view (bytes counted)

import Foundation
import MoviesCLI
import MoviesCore
import MoviesFormats
import MoviesTestSupport
import MoviesViews
import SystemBoundary
import TerminalIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The follower's lag and its bytes per edit, at one list size.
@MainActor
enum FollowBenchmark {
    /// The figures for one list size.
    struct Result: Codable, Equatable, Sendable {
        var movies: Int
        var edits: Int
        /// From the owner's commit (its journal line written) to the follower's row read from
        /// its output, in nanoseconds: the median, the 99th percentile and the largest.
        var lagMedianNanoseconds: Double
        var lagP99Nanoseconds: Double
        var lagMaxNanoseconds: Double
        /// The bound the 99th percentile is held to, in nanoseconds.
        var targetLagNanoseconds: Double
        /// Mean bytes of the follower's row per edit (the line view).
        var lineBytesPerEdit: Double
        /// Mean bytes a following screen view writes per edit, on a `rows` × `columns` window
        /// showing the edited rows, and a full repaint of that window.
        var screenBytesPerEdit: Double
        var rows: Int
        var columns: Int
        var fullRepaintBytes: Int
    }

    /// How long one row may take before the benchmark gives up on the follower.
    private static let rowTimeout: Int32 = 20_000

    /// Follows a state file of `size` movies through `edits` seeded edits on its first rows.
    static func run(
        movies size: Int, edits: Int, rows: Int, columns: Int, targetLagMilliseconds: Double,
        seed: UInt64
    ) throws(BenchmarkFailure) -> Result {
        guard let binary = MoviesBinary.besideThisExecutable() else {
            throw BenchmarkFailure(description: "follow: the movies binary is not built")
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("movies-bench-follow-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
        } catch {
            throw BenchmarkFailure(description: "follow: cannot make a folder: \(error)")
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = FileName(directory.appendingPathComponent("movies.state").path)
        var catalogGenerator = SeededGenerator(seed: seed)
        let movies = SyntheticCatalog.movies(count: size, using: &catalogGenerator)
        do {
            try Data(StateFile.snapshot(movies)).write(to: URL(fileURLWithPath: path.description))
        } catch {
            throw BenchmarkFailure(description: "follow: cannot write the state file: \(error)")
        }

        let follower = try FollowerProcess(binary: binary, file: path, in: directory)
        defer { follower.end() }
        _ = try follower.line { $0.hasPrefix("Following ") }

        // The owner: a journal whose `fsync` does nothing, so that the lag is the follower's
        // own (waking, reading, applying, drawing), not the disk's.
        let owner = try Owner(path: path)
        let screen = try ScreenFollower(path: path, rows: rows, columns: columns)
        var random = SeededGenerator(seed: seed ^ 0xF0_110)
        var lags: [Double] = []
        var lineBytes = 0
        var screenBytes = 0
        let clock = ContinuousClock()
        for step in 0..<edits {
            try owner.edit(step, among: rows - 3, using: &random)
            let committed = clock.now
            let row = try follower.line { _ in true }
            lags.append(max(0, Stopwatch.nanoseconds(committed.duration(to: row.time))))
            guard row.text == owner.lastRow else {
                throw BenchmarkFailure(
                    description: "follow: the follower drew \(row.text.debugDescription) where "
                        + "the owner drew \(owner.lastRow.debugDescription)")
            }
            lineBytes += row.text.utf8.count + 1
            screenBytes += screen.catchUp()
        }
        guard screen.movies == owner.movies else {
            throw BenchmarkFailure(
                description: "follow: the screen follower's list is not the owner's")
        }
        try follower.finish()

        let sorted = lags.sorted()
        let p99 = sorted[max(0, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
        return Result(
            movies: size, edits: edits, lagMedianNanoseconds: Samples.median(of: sorted),
            lagP99Nanoseconds: p99, lagMaxNanoseconds: sorted.last ?? 0,
            targetLagNanoseconds: targetLagMilliseconds * 1_000_000,
            lineBytesPerEdit: Double(lineBytes) / Double(max(edits, 1)),
            screenBytesPerEdit: Double(screenBytes) / Double(max(edits, 1)), rows: rows,
            columns: columns, fullRepaintBytes: screen.fullRepaintBytes)
    }

    /// The mean bytes per edit at the largest N over the smallest N's, for the line view and the
    /// screen view; `nil` without results.
    nonisolated static func growth(_ results: [Result]) -> (line: Double, screen: Double)? {
        guard let smallest = results.first, let largest = results.last else { return nil }
        return (
            largest.lineBytesPerEdit / max(smallest.lineBytesPerEdit, 1),
            largest.screenBytesPerEdit / max(smallest.screenBytesPerEdit, 1)
        )
    }

    // MARK: - The owner

    /// The session that owns the file, in this process: a journal on it, a store, and the rows
    /// its own line view draws.
    @MainActor
    private final class Owner {
        let viewModel: MoviesViewModel
        private let journal: StateFileJournal
        private let output = LastRow()
        private let view: MoviesViewController

        init(path: FileName) throws(BenchmarkFailure) {
            let started: (StateFileJournal, MoviesState?)
            do {
                started = try StateFileJournal.start(
                    path: path, sync: FileSync { _ throws(SystemCallError) in })
            } catch {
                throw BenchmarkFailure(description: "follow: the owner cannot start: \(error)")
            }
            journal = started.0
            viewModel = MoviesViewModel(
                api: FakeMoviesAPI(catalogPath: nil), state: started.1 ?? MoviesState(),
                middleware: [journal])
            view = MoviesViewController(viewModel: viewModel, output: output)
        }

        var movies: [Movie] { viewModel.state.movies }
        var lastRow: String { output.row }

        /// Makes edit number `step` on one of the first `visible` rows (an insert, a delete, a
        /// move, a rename in turn, each one changing the list) and commits it.
        func edit(_ step: Int, among visible: Int, using random: inout SeededGenerator)
            throws(BenchmarkFailure)
        {
            let rows = min(visible, movies.count)
            let at = Int.random(in: 0..<rows, using: &random)
            do {
                switch step % 4 {
                case 0: try viewModel.insert(title: "Followed \(step)", year: 2001, at: at)
                case 1: try viewModel.delete(at: at)
                case 2:
                    let shift = 1 + Int.random(in: 0..<max(rows - 1, 1), using: &random)
                    try viewModel.move(from: at, to: (at + shift) % rows)
                default: try viewModel.rename(at: at, to: "Renamed \(step)")
                }
            } catch {
                throw BenchmarkFailure(
                    description: "follow: the owner's edit was rejected: \(error)")
            }
            journal.commit()
            if let failure = journal.failure {
                throw BenchmarkFailure(description: "follow: the journal failed: \(failure)")
            }
        }
    }

    /// Keeps the last row a line view wrote, without its newline.
    @MainActor
    private final class LastRow: TextOutput {
        var row = ""
        func write(_ text: String, to channel: OutputChannel) {
            row = String(text.dropLast())
        }
    }

    // MARK: - The screen follower

    /// A screen view following the file in this process, the app's own follower feeding its
    /// store, on a terminal that counts bytes.
    @MainActor
    private final class ScreenFollower {
        private let viewModel: MoviesViewModel
        private let follower: StateFileFollower
        private let terminal = ScreenBenchmark.CountingTerminal()
        private let view: ScreenView
        let fullRepaintBytes: Int

        init(path: FileName, rows: Int, columns: Int) throws(BenchmarkFailure) {
            let opened: (FollowedStateFile, [Movie])
            do {
                opened = try FollowedStateFile.open(path)
            } catch {
                throw BenchmarkFailure(description: "follow: cannot follow: \(error)")
            }
            viewModel = MoviesViewModel(
                api: FakeMoviesAPI(catalogPath: nil), state: MoviesState(movies: opened.1))
            follower = StateFileFollower(file: opened.0, viewModel: viewModel) { _ in }
            view = ScreenView(
                viewModel: viewModel, terminal: terminal,
                size: TerminalMode.WindowSize(rows: rows, columns: columns), animates: false)
            view.start()
            view.drawInput(prompt: "movies> ", characters: [], cursor: 0)
            terminal.bytes = 0
            view.repaintAll()
            fullRepaintBytes = terminal.bytes
        }

        var movies: [Movie] { viewModel.state.movies }

        /// Reads what is new in the file; the bytes the screen view wrote for it.
        func catchUp() -> Int {
            terminal.bytes = 0
            follower.catchUp()
            return terminal.bytes
        }

        isolated deinit {
            view.stop()
        }
    }

    // MARK: - The follower process

    /// `movies --follow FILE` with its output on a pipe read here, line by line, each line
    /// stamped with the moment it was read.
    @MainActor
    private final class FollowerProcess {
        private let process = Process()
        private let input = Pipe()
        private let output = Pipe()
        private let errors: URL
        private var pending: [UInt8] = []

        init(binary: MoviesBinary, file: FileName, in directory: URL) throws(BenchmarkFailure) {
            errors = directory.appendingPathComponent("follower-stderr")
            signal(SIGPIPE, SIG_IGN)
            process.executableURL = binary.url
            process.arguments = ["--follow", file.description]
            process.standardInput = input
            process.standardOutput = output
            do {
                guard FileManager.default.createFile(atPath: errors.path, contents: nil) else {
                    throw BenchmarkFailure(description: "follow: cannot create \(errors.path)")
                }
                process.standardError = try FileHandle(forWritingTo: errors)
                try process.run()
            } catch let failure as BenchmarkFailure {
                throw failure
            } catch {
                throw BenchmarkFailure(description: "follow: cannot start the follower: \(error)")
            }
        }

        /// Reads the follower's output until a complete line for which `wanted` holds; the line
        /// and when it was read.
        func line(where wanted: (String) -> Bool) throws(BenchmarkFailure)
            -> (text: String, time: ContinuousClock.Instant)
        {
            let descriptor = output.fileHandleForReading.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let text = String(decoding: pending[..<newline], as: UTF8.self)
                    pending.removeSubrange(...newline)
                    if wanted(text) { return (text, ContinuousClock.now) }
                }
                var ready = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
                let count: Int
                do {
                    guard try SystemCall.pollReady(&ready, timeout: rowTimeout) > 0 else {
                        throw BenchmarkFailure(
                            description: "follow: no row from the follower in "
                                + "\(rowTimeout / 1_000) s: \(stderr())")
                    }
                    count = try buffer.withUnsafeMutableBytes { raw in
                        Swift.Result { () throws(SystemCallError) in
                            try SystemCall.read(descriptor, into: raw)
                        }
                    }.get()
                } catch let failure as BenchmarkFailure {
                    throw failure
                } catch {
                    throw BenchmarkFailure(description: "follow: reading the follower: \(error)")
                }
                guard count > 0 else {
                    throw BenchmarkFailure(description: "follow: the follower ended: \(stderr())")
                }
                pending += buffer[..<count]
            }
        }

        /// Ends the follower's input and checks that it ended well, saying nothing on stderr.
        func finish() throws(BenchmarkFailure) {
            end()
            guard process.terminationStatus == 0, stderr().isEmpty else {
                throw BenchmarkFailure(
                    description: "follow: the follower ended with \(process.terminationStatus): "
                        + stderr())
            }
        }

        /// Ends the follower's input and waits for it.
        func end() {
            try? input.fileHandleForWriting.close()
            if process.isRunning { process.waitUntilExit() }
        }

        private func stderr() -> String {
            String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self)
        }
    }
}

extension FollowBenchmark.Result {
    /// Whether the 99th percentile of the lag is within its bound.
    var meetsTarget: Bool { lagP99Nanoseconds <= targetLagNanoseconds }
}
