// Shared test doubles for the CLI: an output that records every write, and movie sources that
// answer at once or when the test says so.

import Foundation
import MoviesCore
import MoviesTestSupport
import Testing

@testable import MoviesCLI

let sampleMovies = [
    Movie(id: 1, title: "Alien", year: 1979),
    Movie(id: 2, title: "Heat", year: 1995),
    Movie(id: 3, title: "Jaws", year: 1975),
]

/// Records every write, so tests can assert the exact text on each channel, write by write.
@MainActor
final class RecordingOutput: TextOutput {
    private(set) var writes: [(text: String, channel: OutputChannel)] = []
    private(set) var prompts = 0

    func write(_ text: String, to channel: OutputChannel) {
        writes.append((text, channel))
    }

    func showPrompt() {
        prompts += 1
    }

    /// Everything written to `channel`, split into lines.
    func lines(_ channel: OutputChannel = .standard) -> [String] {
        let text = writes.filter { $0.channel == channel }.map(\.text).joined()
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
            String.init)
    }

    func clear() {
        writes.removeAll()
    }
}

/// Answers every fetch at once with `movies`, or fails when `failing` says so.
struct StubAPI: MoviesAPI {
    var movies = sampleMovies
    var failing = false

    func fetchMovies() async throws -> [Movie] {
        if failing { throw StubFailure() }
        return movies
    }
}

struct StubFailure: Error, CustomStringConvertible {
    var description: String { "offline" }
}

/// A source whose fetch never finishes by itself; it ends only when cancelled.
struct HangingAPI: MoviesAPI {
    func fetchMovies() async throws -> [Movie] {
        try await Task.sleep(for: .seconds(3600))
        return []
    }
}

/// A store, its view and a runner wired to a recorder, with the list already loaded.
@MainActor
struct Harness {
    let viewModel: MoviesViewModel
    let view: MoviesViewController
    let runner: CommandRunner
    let output = RecordingOutput()

    init(
        api: any MoviesAPI = StubAPI(), numbering: CommandRunner.Numbering = .lines,
        quiet: Bool = false
    ) {
        viewModel = MoviesViewModel(api: api)
        view = MoviesViewController(viewModel: viewModel, output: output, quiet: quiet)
        runner = CommandRunner(
            viewModel: viewModel, view: view, output: output, numbering: numbering, quiet: quiet)
    }

    /// Loads the list and forgets what that drew.
    static func loaded(_ movies: [Movie] = sampleMovies, quiet: Bool = false) async -> Harness {
        let harness = Harness(api: StubAPI(movies: movies), quiet: quiet)
        harness.viewModel.refresh()
        await harness.viewModel.waitForFetch()
        harness.output.clear()
        return harness
    }

    /// Runs `lines` as input lines 1, 2, …, and returns the outcome of the last.
    @discardableResult
    func run(_ lines: String...) async -> CommandRunner.Outcome {
        var outcome = CommandRunner.Outcome.proceed
        for (offset, line) in lines.enumerated() {
            outcome = await runner.run(line, number: offset + 1)
        }
        return outcome
    }
}

/// Lines typed by a person: none is ever ready before the session waits for it, so the session
/// shows a prompt (and commits) before each one, as at a terminal.
@MainActor
final class TypedInput: InputSource {
    private var lines: ArraySlice<String>

    init(_ lines: [String]) {
        self.lines = lines[...]
    }

    func nextReady() -> InputEvent? { nil }

    func next() async -> InputEvent {
        guard let line = lines.popFirst() else { return .end(final: true) }
        return .line(line)
    }
}

/// The bytes of the file at `path`, or `nil` if it cannot be read.
func contents(of path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
}

/// Writes `bytes` to `path`, replacing what was there.
func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Input typed by a person, one event at a time, when the test says: the session waits for each
/// event, and the test can wait until the session is waiting, so every step is deterministic.
@MainActor
final class ControlledInput: InputSource {
    private var queued: [InputEvent] = []
    private var reader: CheckedContinuation<InputEvent, Never>?
    private var readerWatchers: [CheckedContinuation<Void, Never>] = []

    /// Nothing is ever ready before the session waits: a person types after the prompt.
    func nextReady() -> InputEvent? { nil }

    func next() async -> InputEvent {
        if !queued.isEmpty { return queued.removeFirst() }
        return await withCheckedContinuation { continuation in
            reader = continuation
            let watchers = readerWatchers
            readerWatchers.removeAll()
            for watcher in watchers { watcher.resume() }
        }
    }

    /// Types `lines`, one event each.
    func type(_ lines: String...) {
        for line in lines { send(.line(line)) }
    }

    /// Delivers `event` to the session, now if it is waiting, else when it next asks.
    func send(_ event: InputEvent) {
        if let reader {
            self.reader = nil
            reader.resume(returning: event)
        } else {
            queued.append(event)
        }
    }

    /// Returns once the session has taken every event sent so far and waits for the next.
    func untilWaiting() async {
        while reader == nil || !queued.isEmpty {
            await withCheckedContinuation { readerWatchers.append($0) }
        }
    }
}

/// A state file in a folder of its own, for one test; `remove()` deletes the folder.
struct TestStateFile {
    let directory: TemporaryDirectory
    let path: String

    /// A file called `name` holding `bytes`, or not there yet when `bytes` is nil.
    init(_ bytes: [UInt8]? = nil, name: String = "movies.state") throws {
        directory = try TemporaryDirectory()
        path = directory.path(name)
        if let bytes { try write(bytes, to: path) }
    }

    /// What the file holds now.
    var bytes: [UInt8]? { contents(of: path) }

    func remove() {
        directory.remove()
    }

    /// Starts a journal on the file, and a store on the list it restored with the journal as its
    /// middleware.
    @MainActor
    func startStore(api: any MoviesAPI = StubAPI(), historyLimit: Int = UndoHistory.defaultLimit)
        throws -> (StateFileJournal, MoviesViewModel)
    {
        let (journal, restored) = try StateFileJournal.start(path: path)
        let viewModel = MoviesViewModel(
            api: api, state: restored ?? MoviesState(), historyLimit: historyLimit,
            middleware: [journal])
        return (journal, viewModel)
    }
}

/// A pipe that a test has the code under test write into, and then reads back.
///
/// Both ends are close-on-exec, so a child process another test starts cannot hold one open, and
/// the read end does not block: `take()` returns what has arrived so far (a pipe's bytes are
/// readable as soon as `write` returns). The test closes the ends with `closeEnds()`.
struct TestPipe {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// The bytes written since the last call.
    func take() -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { return received }
            received += buffer.prefix(count)
        }
    }

    /// `take()` as text.
    func takeText() -> String {
        String(decoding: take(), as: UTF8.self)
    }

    func closeEnds() {
        close(readEnd)
        close(writeEnd)
    }
}

extension TerminalScreen {
    /// Shows `bytes` that a program wrote to its terminal: each LF reaches the screen as CR LF,
    /// as the terminal's output processing (`ONLCR`, which the app's raw mode keeps on) makes it.
    ///
    /// For tests that write through a pipe instead of a pseudo-terminal, whose bytes can be read
    /// back at once and in full.
    mutating func feedThroughOutputProcessing(_ bytes: [UInt8]) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { feed([UInt8(ascii: "\r")]) }
            feed([byte])
        }
    }
}
