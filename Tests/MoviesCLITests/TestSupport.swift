// Shared test doubles for the CLI: an output that records every write, and movie sources that
// answer at once or when the test says so.

import MoviesCore
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

    init(api: any MoviesAPI = StubAPI(), numbersLines: Bool = true) {
        viewModel = MoviesViewModel(api: api)
        view = MoviesViewController(viewModel: viewModel, output: output)
        runner = CommandRunner(
            viewModel: viewModel, view: view, output: output, numbersLines: numbersLines)
    }

    /// Loads the list and forgets what that drew.
    static func loaded(_ movies: [Movie] = sampleMovies) async -> Harness {
        let harness = Harness(api: StubAPI(movies: movies))
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

/// A test argument that may hold control or format characters, shown escaped.
///
/// Swift Testing prints every argument of a parameterized test as it runs it; printed raw, a
/// title built to attack a terminal attacks the terminal running `swift test` (it retitled the
/// window and turned the output red). Shown through `TerminalText.escaped`, it reads as the escape
/// sequence it is.
struct HostileText: Sendable, ExpressibleByStringLiteral, CustomTestStringConvertible {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    init(stringLiteral text: String) {
        self.text = text
    }

    var testDescription: String {
        "\"\(TerminalText.escaped(text))\""
    }
}
