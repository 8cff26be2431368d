// `find` run by the command layer in-process: the exact lines it prints (the matches at their
// positions, then the count), its JSON, what it does under --quiet and while the list loads, and
// every way it is refused, each with the state, the undo history and the unsaved count untouched.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCLI
@testable import MoviesCore
@testable import MoviesFormats
@testable import MoviesViews

@MainActor
@Suite("find", .hangGuard)
struct FindCommandTests {
    /// Five films, two of which have "the" in their titles (one of them with a capital).
    static let films: [Movie] = [
        Movie(id: 1, title: "The Godfather", year: 1972),
        Movie(id: 2, title: "Amélie", year: 2001),
        Movie(id: 3, title: "Jaws", year: 1975),
        Movie(id: 4, title: "Back to the Future", year: 1985),
        Movie(id: 5, title: "Parasite", year: 2019),
    ]

    @Test func findPrintsTheMatchesAtTheirPositionsThenTheCount() async {
        let harness = await Harness.loaded(Self.films)
        await harness.run("find the", "search AMELIE", "find dune")
        #expect(
            harness.output.lines() == [
                "  1. The Godfather (1972)", "  4. Back to the Future (1985)",
                "2 of 5 movies match “the”",
                "  2. Amélie (2001)", "1 of 5 movies matches “AMELIE”",
                "No movie matches “dune” (5 movies)",
            ])
        #expect(harness.output.lines(.error).isEmpty)
        #expect(harness.runner.exitStatus == .success)
    }

    /// Positions are the list's: after an edit, `find` shows where the matches are now, and
    /// `delete` takes the position it showed.
    @Test func thePositionsShownAreTheOnesEditsTake() async {
        let harness = await Harness.loaded(Self.films)
        await harness.run("move 1 5", "find the")
        #expect(
            Array(harness.output.lines().suffix(3)) == [
                "  3. Back to the Future (1985)", "  5. The Godfather (1972)",
                "2 of 5 movies match “the”",
            ])
        await harness.run("delete 3")
        #expect(harness.output.lines().last == "- 3. Back to the Future (1985)")
    }

    @Test func findJSONPrintsTheMatchesAsOneLineOfCatalogJSON() async throws {
        let harness = await Harness.loaded(Self.films)
        await harness.run("find --json THE")
        let matches = [Self.films[0], Self.films[3]]
        #expect(harness.output.lines() == [Catalog.jsonLine(matches)])
        let line = try #require(harness.output.lines().first)
        #expect(try Catalog.decode(Data(line.utf8), file: "find --json") == matches)
    }

    @Test func findJSONWithNoMatchPrintsAnEmptyList() async {
        let harness = await Harness.loaded(Self.films)
        await harness.run("find --json dune")
        #expect(harness.output.lines() == ["[]"])
    }

    /// Like `list`, `find` prints under --quiet: the user asked for it.
    @Test func findPrintsUnderQuiet() async {
        let harness = await Harness.loaded(Self.films, quiet: true)
        await harness.run("delete 5", "find th", "find --json jaws")
        #expect(
            harness.output.lines() == [
                "  1. The Godfather (1972)", "  4. Back to the Future (1985)",
                "2 of 4 movies match “th”",
                Catalog.jsonLine([Self.films[2]]),
            ])
    }

    @Test func findWaitsForTheListOnItsWay() async {
        let harness = Harness(api: StubAPI(movies: Self.films))
        harness.viewModel.refresh()
        await harness.run("find jaws")
        #expect(
            Array(harness.output.lines().suffix(2)) == [
                "  3. Jaws (1975)", "1 of 5 movies matches “jaws”",
            ])
        #expect(FindCommand.timing == .afterTheList)
    }

    /// `--` ends the options, as in a shell: the word after it is the text, even one that looks
    /// like an option, with `--json` before it or not; `find --` alone is `find` alone. (Quotes
    /// cannot do it: `find "--json"` is the same words as `find --json`.)
    @Test(
        arguments: [
            ("find -- --json", FindCommand(text: "--json")),
            ("find -- --", FindCommand(text: "--")),
            ("find --json -- --json", FindCommand(text: "--json", json: true)),
            ("search -- -x", FindCommand(text: "-x")),
            ("find --", FindCommand(text: nil)),
        ])
    func doubleDashEndsTheOptions(line: String, command: FindCommand) throws {
        let words = try Tokenizer.words(in: line)
        #expect(try FindCommand(arguments: Array(words.dropFirst())) == command)
    }

    @Test func aTextThatLooksLikeAnOptionIsFoundAfterTheDoubleDash() async {
        let harness = await Harness.loaded([
            Movie(id: 1, title: "Jaws", year: 1975),
            Movie(id: 2, title: "The --json Cut", year: 2020),
        ])
        await harness.run("find -- --json", "find --json -- --JSON")
        #expect(
            harness.output.lines() == [
                "  2. The --json Cut (2020)", "1 of 2 movies matches “--json”",
                Catalog.jsonLine([Movie(id: 2, title: "The --json Cut", year: 2020)]),
            ])
        #expect(harness.output.lines(.error).isEmpty)
    }

    /// Each refused line with its message; the title's messages for a text no title could be.
    nonisolated static let refusedLines: [(String, String)] = [
        ("find", "line 1: find: expected arguments, got none; usage: find [--json] [--] TEXT"),
        (
            "find --json",
            "line 1: find: expected arguments, got none; usage: find [--json] [--] TEXT"
        ),
        ("find the god", "line 1: find: got 2 arguments; usage: find [--json] [--] TEXT"),
        ("find ''", "line 1: find: the title is empty; give one, in quotes if it has spaces"),
        ("find ' \t '", "line 1: find: the title is empty; give one, in quotes if it has spaces"),
        (
            "find " + String(repeating: "x", count: Movie.maximumTitleLength + 1),
            "line 1: find: the title is too long; at most 500 Unicode code points"
        ),
        (
            "find --json " + String(repeating: "é", count: Movie.maximumTitleLength + 1),
            "line 1: find: the title is too long; at most 500 Unicode code points"
        ),
    ]

    @Test(arguments: refusedLines)
    func aRefusedFindSaysWhyAndChangesNothing(line: String, message: String) async throws {
        let harness = await Harness.loaded(Self.films)
        try harness.viewModel.delete(at: 0)
        harness.output.clear()
        let state = harness.viewModel.state
        let undoCount = harness.viewModel.history.undoCount
        await harness.run(line)
        #expect(harness.output.lines(.error) == [message])
        #expect(harness.output.lines().isEmpty)
        #expect(harness.viewModel.state == state)
        #expect(harness.viewModel.history.undoCount == undoCount)
        #expect(harness.runner.exitStatus == .commandRejected)
        // Nothing is lost: the next line runs, and undo still takes back the edit before.
        await harness.run("undo")
        #expect(harness.viewModel.state.movies == Self.films)
    }

    /// A text as long as the longest title is searched for.
    @Test func aTextAsLongAsATitleMayBeIsSearched() async {
        let longest = String(repeating: "x", count: Movie.maximumTitleLength)
        let harness = await Harness.loaded([Movie(id: 1, title: longest, year: 2000)])
        await harness.run("find \(longest)")
        #expect(
            harness.output.lines().last == "1 of 1 movie matches “\(String(longest.prefix(60)))…”")
        #expect(harness.output.lines(.error).isEmpty)
    }

    @Test func findIsNoEdit() async {
        let harness = await Harness.loaded(Self.films)
        await harness.run("find the", "find --json the")
        #expect(harness.runner.unsavedEdits == 0)
        #expect(harness.viewModel.history.undoCount == 0)
    }

    /// In a view that keeps a find (the screen view), `find` alone clears it: no error.
    @Test func findAloneClearsTheFindOfAViewThatKeepsOne() async {
        let viewModel = MoviesViewModel(
            api: StubAPI(movies: Self.films),
            state: MoviesState(movies: Self.films, fetchStatus: .loaded))
        let presenter = KeepingPresenter()
        let output = RecordingOutput()
        let runner = CommandRunner(
            viewModel: viewModel, view: presenter, output: output, numbering: .none)
        _ = await runner.run("find the", number: 1)
        _ = await runner.run("find", number: 2)
        #expect(presenter.calls == ["showMatches “the” in 5", "clearFind"])
        #expect(output.writes.isEmpty)
        #expect(runner.exitStatus == .success)
        // A refused text leaves the view's find alone: nothing is asked of it.
        _ = await runner.run("find '  '", number: 3)
        #expect(presenter.calls.count == 2)
        #expect(
            output.lines(.error) == [
                "find: the title is empty; give one, in quotes if it has spaces"
            ])
    }

    /// A view that keeps a find, as the screen view does, and records what it was asked.
    @MainActor
    final class KeepingPresenter: ListPresenter {
        var calls: [String] = []
        func showList(_ movies: [Movie]) { calls.append("showList") }
        func showJSON(_ json: String) { calls.append("showJSON") }
        func showHistory(_ history: UndoHistory) { calls.append("showHistory") }
        func showMatches(of search: TitleSearch, in movies: [Movie]) {
            calls.append("showMatches \(search.quoted) in \(movies.count)")
        }
        func clearFind() -> Bool {
            calls.append("clearFind")
            return true
        }
        func editDone() { calls.append("editDone") }
    }
}
