// Seeded fuzzing of the command layer: 20,000 generated lines in-process, and a few thousand
// through the built binary over a pipe. Valid commands with random arguments are mixed with
// hostile lines (blank, huge and negative numbers, `-0`, `+3`, `1e3`, unbalanced quotes, 1 MB
// lines, random Unicode, NUL and other controls). After every line: no trap, exactly one error
// for a rejected line, and the invariants hold.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCLI
@testable import MoviesCore
@testable import MoviesFormats
@testable import MoviesViews
@testable import SystemBoundary
@testable import TerminalIO

@MainActor
@Suite("Fuzzing the command layer")
struct FuzzTests {
    @Test(.hangGuard)
    func twentyThousandLinesInProcess() async throws {
        let catalog = hostileCatalog()
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let api = FakeMoviesAPI(
            catalogPath: FileName(try folder.writeCatalog(catalog)), latency: .zero)
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
        await viewModel.settleFetch()

        var input = HostileInput(seed: 20_261_130, catalog: catalog)
        for number in 1...20_000 {
            // The store, and so this loop, runs on the main actor, which every test of the store
            // shares: giving it up now and then lets them run meanwhile instead of after.
            if number.isMultiple(of: 200) { await Task.yield() }
            let line = input.next()
            let before = viewModel.state
            let errorsBefore = output.errorLines
            let emittedBefore = emitted
            let outcome = await runner.run(line.text, number: number)
            await viewModel.waitForFetch()
            let context = Comment(
                rawValue: "line \(number): \(UnsafeScalars.visible(String(line.text.prefix(200))))")

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
            // Compared as Bools: the titles are hostile, and a failure must not print them raw.
            let movies = viewModel.state.movies
            let mirrorMatches = mirrorFits && mirror.movies == movies
            try #require(mirrorMatches, context)
            let referenceMatches = movies.map(CatalogMovie.init) == input.reference
            try #require(referenceMatches, context)
            try #require(Set(movies.map(\.id)).count == movies.count, context)
            try #require(
                movies.count == catalog.count + input.insertsSinceReload - input.deletesSinceReload,
                context)
        }
        #expect(output.unsafeWrites.isEmpty, "raw control characters reached the output")
        #expect(output.errorLines == runner.rejectedCount)
        #expect(input.classCounts["1 MB line", default: 0] > 0)
    }

    /// The longest line the binary reads, in bytes, as docs/COMMANDS.md documents it (64 KiB).
    static let lineLimit = 65_536

    @Test(.hangGuard)
    func aHostileStreamThroughTheBinary() async throws {
        let catalog = hostileCatalog()
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.writeCatalog(catalog)
        var input = HostileInput(
            seed: 7, catalog: catalog, allowHugeLines: true, lineLimit: Self.lineLimit)
        // The script, and for each `list --json` in it the list it must print and its line
        // number. A `list --json` goes in every 100 lines and right before every refresh, so
        // no edit is wiped by a reload before a comparison has seen its effect.
        var script: [GeneratedLine] = []
        var checks: [(line: Int, list: [CatalogMovie])] = []
        func check(_ list: [CatalogMovie]) {
            script.append(GeneratedLine(text: "list --json", verdict: .accepted, kind: "check"))
            checks.append((script.count, list))
        }
        for number in 1...3_000 {
            let before = input.reference
            let line = input.next()
            if line.kind == "refresh" { check(before) }
            script.append(line)
            if line.text == "list --json" { checks.append((script.count, input.reference)) }
            if number % 100 == 0 { check(input.reference) }
        }
        check(input.reference)
        let overLong = script.filter { $0.text.utf8.count > Self.lineLimit }
        #expect(input.classCounts["line at the limit", default: 0] > 0)
        #expect(input.classCounts["line past the limit", default: 0] > 0)
        #expect(overLong.contains { $0.text.utf8.count >= 1 << 20 }, "a 1 MB line is in it")

        let run = try await MoviesProcess.run(
            ["--latency", "0", "--catalog", path],
            input: script.map(\.text).joined(separator: "\n") + "\n")

        #expect(!run.signalled, "the process was killed by signal \(run.status)")
        #expect(run.status == 1, "some lines were rejected, so the documented status is 1")
        let rejectedNumbers = script.indices.filter { script[$0].verdict == .rejected }.map {
            $0 + 1
        }
        let reported = run.stderrLines.map { line in
            line.split(separator: ":", maxSplits: 1).first.map(String.init) ?? line
        }
        #expect(reported == rejectedNumbers.map { "line \($0)" }, "one message per rejected line")
        let tooLong = script.indices.filter { script[$0].text.utf8.count > Self.lineLimit }.map {
            "line \($0 + 1): the line is longer than 65536 bytes (64 KiB); it was skipped"
        }
        #expect(
            run.stderrLines.filter { $0.contains("the line is longer than") } == tooLong,
            "a line past the limit gets the limit's message")

        // Every `list --json` printed the reference list of its moment. Compared as a Bool and
        // reported by line number: the titles are hostile, and a failure message must not print
        // them raw.
        let printed = run.stdoutLines.filter { $0.hasPrefix("[") }
        #expect(printed.count == checks.count, "one line of JSON per list --json")
        #expect(checks.count > 60, "compared at many points, not only at the end")
        for (json, expected) in zip(printed, checks) {
            let list = try JSONDecoder().decode([CatalogMovie].self, from: Data(json.utf8))
            let matches = list == expected.list
            #expect(matches, "list --json on line \(expected.line) differs from the reference")
            if !matches { break }
        }
        let unsafeOutput = [firstUnsafe(run.stdout), firstUnsafe(run.stderr)]
        #expect(unsafeOutput == [nil, nil], "no raw control character on stdout or stderr")
    }
}

/// Reads only what the fuzz test needs from the output: how many error lines were written, and
/// whether any write carried a raw unsafe character.
@MainActor
final class CheckingOutput: TextOutput {
    private(set) var errorLines = 0
    /// Each write that carried one, described with its unsafe scalars made visible: a failure
    /// message must not send them raw to the terminal running the tests.
    private(set) var unsafeWrites: [String] = []

    func write(_ text: String, to channel: OutputChannel) {
        if case .error = channel {
            errorLines += text.utf8.lazy.filter { $0 == UInt8(ascii: "\n") }.count
        }
        if let found = UnsafeScalars.first(in: text, allowing: ["\n"]) {
            unsafeWrites.append(found + ": " + UnsafeScalars.visible(String(text.prefix(200))))
        }
    }
}

/// The first unsafe scalar in `text` other than the newlines that end its lines, described
/// (safe to print), or `nil`.
///
/// Judged by the tests' own list (`UnsafeScalars`), never by the app's `TerminalText.isUnsafe`:
/// a check that asks the code it checks passes whatever that code forgot. Tests keep the result
/// in a variable before expecting on it: an expectation on `firstUnsafe(run.stdout)` would print
/// `run.stdout`, raw controls and all, when it fails.
func firstUnsafe(_ text: String) -> String? {
    UnsafeScalars.first(in: text, allowing: ["\n"])
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
