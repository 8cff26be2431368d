// Seeded fuzzing of the command layer: 20,000 generated lines in-process, and a few thousand
// through the built binary over a pipe. Valid commands with random arguments are mixed with
// hostile lines (blank, huge and negative numbers, `-0`, `+3`, `1e3`, unbalanced quotes, 1 MB
// lines, random Unicode, NUL and other controls). After every line: no trap, exactly one error
// for a rejected line, and the invariants hold.

import Foundation
import MoviesCLI
import MoviesCore
import MoviesTestSupport
import Testing

@MainActor
@Suite("Fuzzing the command layer")
struct FuzzTests {
    @Test(.timeLimit(.minutes(5)))
    func twentyThousandLinesInProcess() async throws {
        let catalog = hostileCatalog()
        let api = FakeMoviesAPI(source: .file(try writeCatalog(catalog)), latency: .zero)
        let viewModel = MoviesViewModel(api: api)
        let output = CheckingOutput()
        let view = MoviesViewController(viewModel: viewModel, output: output)
        let runner = CommandRunner(
            viewModel: viewModel, view: view, output: output, numbering: .lines)
        var mirror = MirrorList()
        var mirrorFits = true
        var emitted = 0
        viewModel.subscribe { change, state in
            emitted += 1
            mirrorFits = mirror.apply(change, current: state.movies) && mirrorFits
        }
        viewModel.refresh()
        await viewModel.waitForFetch()

        var input = HostileInput(seed: 20_261_130, catalog: catalog)
        for number in 1...20_000 {
            let line = input.next()
            let before = viewModel.state
            let errorsBefore = output.errorLines
            let emittedBefore = emitted
            let outcome = await runner.run(line.text, number: number)
            await viewModel.waitForFetch()
            let context = Comment(
                rawValue: "line \(number): \(line.text.debugDescription.prefix(200))")

            try #require(outcome == .proceed, context)
            switch line.verdict {
            case .accepted:
                try #require(output.errorLines == errorsBefore, context)
            case .rejected:
                try #require(output.errorLines == errorsBefore + 1, context)
                try #require(emitted == emittedBefore, context)
                try #require(viewModel.state == before, context)
            case .ignored:
                try #require(output.errorLines == errorsBefore, context)
                try #require(emitted == emittedBefore, context)
                try #require(viewModel.state == before, context)
            }
            let movies = viewModel.state.movies
            try #require(mirrorFits && mirror.movies == movies, context)
            try #require(movies.map(CatalogMovie.init) == input.reference, context)
            try #require(Set(movies.map(\.id)).count == movies.count, context)
            try #require(
                movies.count == catalog.count + input.insertsSinceReload - input.deletesSinceReload,
                context)
        }
        #expect(output.unsafeWrites.isEmpty, "raw control characters reached the output")
        #expect(output.errorLines == runner.rejectedCount)
        #expect(input.classCounts["1 MB line", default: 0] > 0)
    }

    @Test(.timeLimit(.minutes(5)))
    func aHostileStreamThroughTheBinary() async throws {
        let catalog = hostileCatalog()
        let url = try writeCatalog(catalog)
        var input = HostileInput(seed: 7, catalog: catalog, allowHugeLines: true)
        var lines: [GeneratedLine] = []
        for _ in 0..<3_000 { lines.append(input.next()) }
        let script = (lines.map(\.text) + ["list --json"]).joined(separator: "\n") + "\n"

        let run = try await MoviesProcess.run(
            ["--latency", "0", "--catalog", url.path], input: script)

        #expect(!run.signalled, "the process was killed by signal \(run.status)")
        #expect(run.status == 1, "some lines were rejected, so the documented status is 1")
        let rejectedNumbers = lines.indices.filter { lines[$0].verdict == .rejected }.map { $0 + 1 }
        let reported = run.stderrLines.map { line in
            line.split(separator: ":", maxSplits: 1).first.map(String.init) ?? line
        }
        #expect(reported == rejectedNumbers.map { "line \($0)" }, "one message per rejected line")
        let json = try #require(run.stdoutLines.last)
        let final = try JSONDecoder().decode([CatalogMovie].self, from: Data(json.utf8))
        #expect(final == input.reference)
        #expect(!containsUnsafe(run.stdout) && !containsUnsafe(run.stderr))
    }
}

/// Reads only what the fuzz test needs from the output: how many error lines were written, and
/// whether any write carried a raw unsafe character.
@MainActor
final class CheckingOutput: TextOutput {
    private(set) var errorLines = 0
    private(set) var unsafeWrites: [String] = []

    func write(_ text: String, to channel: OutputChannel) {
        if case .error = channel {
            errorLines += text.utf8.lazy.filter { $0 == UInt8(ascii: "\n") }.count
        }
        if containsUnsafe(text) { unsafeWrites.append(String(text.prefix(200))) }
    }
}

/// Whether `text` has an unsafe scalar other than the newlines that end its lines.
func containsUnsafe(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0 != "\n" && TerminalText.isUnsafe($0) }
}

extension CatalogMovie {
    init(_ movie: Movie) {
        self.init(id: movie.id, title: movie.title, year: movie.year)
    }
}

/// A catalog with ordinary titles and one title for each class of hostile text.
func hostileCatalog() -> [CatalogMovie] {
    let titles = [
        "Alien", "Heat", "Amélie", "🎬 Clapper", "שלום", "e\u{301}te\u{301}",
        "CSI \u{1B}[31mred\u{1B}[0m", "OSC \u{1B}]0;pwned\u{7}", "BEL \u{7}", "BS \u{8}\u{8}x",
        "CR \rover", "DEL \u{7F}", "C1 \u{9B}31m \u{85}", "RLO \u{202E}txt.exe", "LRE \u{202A}",
        "LRI \u{2066}x\u{2069}", "NUL \u{0}", "TAB \t", "LS \u{2028}", "Back\\slash",
    ]
    return titles.enumerated().map {
        CatalogMovie(id: $0.offset + 1, title: $0.element, year: 1990 + $0.offset)
    }
}

/// Writes `movies` as a catalog file and returns its URL.
func writeCatalog(_ movies: [CatalogMovie]) throws -> URL {
    try TemporaryFile.write(try JSONEncoder().encode(movies))
}
