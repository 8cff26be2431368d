// The command layer end to end in-process: each line's output on stdout and stderr, the store's
// state afterwards, and that a rejected line leaves the state exactly as it was.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCLI
@testable import MoviesCore
@testable import MoviesFormats
@testable import SystemBoundary

@MainActor
@Suite("CommandRunner", .hangGuard)
struct CommandRunnerTests {
    @Test func listPrintsTheWholeList() async {
        let harness = await Harness.loaded()
        await harness.run("list")
        #expect(
            harness.output.lines() == ["  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)"])
        #expect(harness.output.lines(.error).isEmpty)
    }

    @Test func listJSONPrintsOneLineInTheCatalogSchema() async throws {
        let harness = await Harness.loaded()
        await harness.run("list --json")
        #expect(harness.output.lines() == [Catalog.jsonLine(sampleMovies)])
    }

    /// `list --json` writes every field of the table, and reads back as the very list.
    @Test func listJSONWritesAMovieWithEveryFieldSetAndReadsBack() async throws {
        let harness = await Harness.loaded([Movie.everyFieldSet, sampleMovies[1]])
        await harness.run("list --json")
        let line = try #require(harness.output.lines().first)
        #expect(line.contains(#""rating":5"#))
        #expect(
            try Catalog.decode(Data(line.utf8), file: "list")
                == [Movie.everyFieldSet, sampleMovies[1]])
    }

    @Test func editsPrintTheirRowsAndChangeTheState() async {
        let harness = await Harness.loaded()
        await harness.run("move 1 3", "delete 2", #"insert "Blade Runner" 1982 1"#, "add Up 2009")
        #expect(
            harness.output.lines() == [
                "↕ 1 → 3. Alien (1979)", "- 2. Jaws (1975)", "+ 1. Blade Runner (1982)",
                "+ 4. Up (2009)",
            ])
        #expect(
            harness.viewModel.state.movies == [
                Movie(id: 4, title: "Blade Runner", year: 1982), sampleMovies[1], sampleMovies[0],
                Movie(id: 5, title: "Up", year: 2009),
            ])
        #expect(harness.runner.exitStatus == .success)
    }

    /// Each rejected line with its message.
    nonisolated static let rejectedLines: [(String, String)] = [
        ("frob", "line 1: unknown command \"frob\"; type help to see the commands"),
        ("move 1 9", "line 1: move: position 9 is out of range; valid positions are 1–3"),
        ("move 0 1", "line 1: move: position 0 is out of range; valid positions are 1–3"),
        ("delete 4", "line 1: delete: position 4 is out of range; valid positions are 1–3"),
        ("add Up 2009 5", "line 1: insert: position 5 is out of range; valid positions are 1–4"),
        ("add Up 2009 0", "line 1: insert: position 0 is out of range; valid positions are 1–4"),
        (
            "add ' ' 2009",
            "line 1: insert: the title is empty; give one, in quotes if it has spaces"
        ),
        ("add Up 1700", "line 1: insert: year 1700 is out of range; valid years are 1888–2100"),
        (
            "move 1 99999999999999999999",
            "line 1: move: position 99999999999999999999 is out of range; valid positions are 1–3"
        ),
        ("add 'Up 2009", "line 1: unterminated ' quote; close it, or escape it with a backslash"),
        // Numbers at and past the edge of `Int`: range errors, never an overflow trap.
        (
            "move 9223372036854775807 1",
            "line 1: move: position 9223372036854775807 is out of range; valid positions are 1–3"
        ),
        (
            "move 1 9223372036854775806",
            "line 1: move: position 9223372036854775806 is out of range; valid positions are 1–3"
        ),
        (
            "delete 9223372036854775807",
            "line 1: delete: position 9223372036854775807 is out of range; valid positions are 1–3"
        ),
        (
            "delete 9223372036854775808",
            "line 1: delete: position 9223372036854775808 is out of range; valid positions are 1–3"
        ),
        (
            "add Up 2009 9223372036854775807",
            "line 1: insert: position 9223372036854775807 is out of range; valid positions are 1–4"
        ),
        (
            "add Up 9223372036854775807",
            "line 1: insert: year 9223372036854775807 is out of range; valid years are 1888–2100"
        ),
        (
            "add Up 9223372036854775808",
            "line 1: insert: year 9223372036854775808 is out of range; valid years are 1888–2100"
        ),
        (
            "add " + String(repeating: "x", count: 501) + " 2009",
            "line 1: insert: the title is too long; at most 500 Unicode code points"
        ),
        ("rename 4 Up", "line 1: rename: position 4 is out of range; valid positions are 1–3"),
        ("rename 0 Up", "line 1: rename: position 0 is out of range; valid positions are 1–3"),
        (
            "rename x Up",
            "line 1: rename: position \"x\" is not a whole number; valid positions are 1–3"
        ),
        (
            "rename 99999999999999999999 Up",
            "line 1: rename: position 99999999999999999999 is out of range; valid positions are 1–3"
        ),
        ("rename 1", "line 1: rename: got 1 argument; usage: rename POSITION TITLE"),
        ("rate 1", "line 1: rate: got 1 argument; usage: rate POSITION STARS|none"),
        ("rate 1 4 5", "line 1: rate: got 3 arguments; usage: rate POSITION STARS|none"),
        ("rate 1 6", "line 1: rate: rating 6 is out of range; valid ratings are 1–5, or none"),
        ("rate 1 0", "line 1: rate: rating 0 is out of range; valid ratings are 1–5, or none"),
        (
            "rate 1 four",
            "line 1: rate: rating \"four\" is not a whole number; valid ratings are 1–5, or none"
        ),
        ("rate 4 3", "line 1: rate: position 4 is out of range; valid positions are 1–3"),
        ("rename", "line 1: rename: expected arguments, got none; usage: rename POSITION TITLE"),
        (
            "rename 1 ''",
            "line 1: rename: the title is empty; give one, in quotes if it has spaces"
        ),
        (
            "rename 1 ' ' ' '",
            "line 1: rename: the title is empty; give one, in quotes if it has spaces"
        ),
        (
            "rename 1 " + String(repeating: "x", count: 501),
            "line 1: rename: the title is too long; at most 500 Unicode code points"
        ),
        (
            "rename 1 " + String(repeating: "x ", count: 251),
            "line 1: rename: the title is too long; at most 500 Unicode code points"
        ),
    ]

    @Test(arguments: rejectedLines)
    func aRejectedLineSaysWhyOnStderrAndChangesNothing(line: String, message: String) async {
        let harness = await Harness.loaded()
        let before = harness.viewModel.state
        await harness.run(line)
        #expect(harness.output.lines(.error) == [message])
        #expect(harness.output.lines().isEmpty)
        #expect(harness.viewModel.state == before)
        #expect(harness.runner.rejectedCount == 1)
        #expect(harness.runner.exitStatus == .commandRejected)
    }

    @Test func errorsNameTheLineOnlyWhenAskedTo() async {
        let numbered = await Harness.loaded()
        await numbered.run("list", "", "delete 9")
        #expect(
            numbered.output.lines(.error) == [
                "line 3: delete: position 9 is out of range; valid positions are 1–3"
            ])

        let plain = Harness(api: StubAPI(movies: []), numbering: .none)
        plain.viewModel.refresh()
        await plain.run("delete 9")
        #expect(
            plain.output.lines(.error) == ["delete: position 9 is out of range; the list is empty"])

        let script = Harness(api: StubAPI(), numbering: .commands)
        script.viewModel.refresh()
        await script.run("list", "delete x")
        #expect(
            script.output.lines(.error) == [
                "command 2: delete: position \"x\" is not a whole number; "
                    + "valid positions are 1–3"
            ])
    }

    @Test func blankLinesAreIgnored() async {
        let harness = await Harness.loaded()
        await harness.run("", "   ")
        #expect(harness.output.writes.isEmpty)
        #expect(harness.runner.rejectedCount == 0)
    }

    @Test(arguments: [("help", "help"), ("help list", "help-list"), ("? RM", "help-delete")])
    func helpPrintsTheGoldenText(line: String, golden: String) async throws {
        let expected: String = try Golden.text(golden)
        let harness = await Harness.loaded()
        await harness.run(line)
        #expect(harness.output.writes.map(\.text).joined() == expected)
        #expect(harness.output.lines(.error).isEmpty)
    }

    @Test func quitEndsTheSession() async {
        let harness = await Harness.loaded()
        #expect(await harness.run("quit") == .quit)
        #expect(await harness.run("list") == .proceed)
    }

    @Test func editsWaitForTheFetchInFlight() async {
        let harness = Harness()
        harness.viewModel.refresh()
        await harness.run("delete 1")
        #expect(
            harness.output.lines() == [
                "Loading movies…", "  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)",
                "Loaded 3 movies.", "- 1. Alien (1979)",
            ])
    }

    @Test func refreshReloadsAndReplacesLocalEdits() async {
        let harness = await Harness.loaded()
        await harness.run("delete 1", "refresh", "list")
        #expect(
            harness.output.lines() == [
                "- 1. Alien (1979)", "Loading movies…",
                "  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)", "Loaded 3 movies.",
                "  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)",
            ])
    }

    @Test func aFailedLoadDecidesTheExitStatus() async {
        let harness = Harness(api: StubAPI(failing: true))
        harness.viewModel.refresh()
        await harness.run("list")
        #expect(
            harness.output.lines() == [
                "Loading movies…", "Could not load movies: offline — type refresh to retry",
                "  (no movies; add one with: insert \"TITLE\" YEAR)",
            ])
        #expect(harness.runner.exitStatus == .loadFailed)
    }

    @Test func aFailedLoadTakesPrecedenceOverARejectedLine() async {
        let harness = Harness(api: StubAPI(failing: true))
        harness.viewModel.refresh()
        await harness.run("list", "frob")
        #expect(
            harness.output.lines(.error) == [
                "line 2: unknown command \"frob\"; type help to see the commands"
            ])
        #expect(harness.runner.rejectedCount == 1)
        #expect(harness.runner.exitStatus == .loadFailed, "2, not 1: docs/COMMANDS.md says 2 wins")
    }

    @Test func undoAndRedoDrawTheRowsTheyChange() async {
        let harness = await Harness.loaded()
        await harness.run("delete 1", "move 1 2", "undo", "undo", "redo", "u")
        #expect(
            harness.output.lines() == [
                "- 1. Alien (1979)", "↕ 1 → 2. Heat (1995)", "↕ 2 → 1. Heat (1995)",
                "+ 1. Alien (1979)", "- 1. Alien (1979)", "+ 1. Alien (1979)",
            ])
        #expect(harness.viewModel.state.movies == sampleMovies)
        #expect(harness.runner.unsavedEdits == 6)
        #expect(harness.runner.exitStatus == .success)
    }

    @Test func ratePrintsItsRowWithItsStarsAndUndoGivesTheOldRatingBack() async {
        let harness = await Harness.loaded()
        await harness.run(
            "rate 3 4", "rate 3 2", "rename 3 Jaws 2", "undo", "rate 3 NONE", "undo", "list")
        #expect(
            harness.output.lines() == [
                "~ 3. Jaws (1975) ★★★★☆", "~ 3. Jaws (1975) ★★☆☆☆", "~ 3. Jaws 2 (1975) ★★☆☆☆",
                "~ 3. Jaws (1975) ★★☆☆☆", "~ 3. Jaws (1975)", "~ 3. Jaws (1975) ★★☆☆☆",
                "  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975) ★★☆☆☆",
            ])
        #expect(harness.output.lines(.error).isEmpty)
        #expect(harness.runner.unsavedEdits == 6)
        #expect(
            harness.viewModel.state.movies == [
                sampleMovies[0], sampleMovies[1], sampleMovies[2].rated(2),
            ])
    }

    /// `history` lists the edits with the rows they touched and the point; `goto` draws the
    /// undos and redos between, `skip` takes an edit out and names what it left out, and both
    /// are one edit or none for the unsaved count as undo is.
    @Test func historyGotoAndSkipDrawTheRowsAndMoveThePoint() async {
        let harness = await Harness.loaded()
        await harness.run("delete 1", "rate 2 3", "move 1 2", "history")
        #expect(
            Array(harness.output.lines().suffix(4)) == [
                "  0  before the first edit", "  1  - 1. Alien (1979)",
                "  2  ~ 2. Jaws (1975) ★★★☆☆", "▸ 3  ↕ 1 → 2. Heat (1995)",
            ])
        harness.output.clear()
        await harness.run("goto 1", "history")
        #expect(
            harness.output.lines() == [
                "↕ 2 → 1. Heat (1995)", "~ 2. Jaws (1975)",
                "  0  before the first edit", "▸ 1  - 1. Alien (1979)",
                "  2  ~ 2. Jaws (1975) ★★★☆☆   (undone)", "  3  ↕ 1 → 2. Heat (1995)   (undone)",
            ])
        harness.output.clear()
        await harness.run("redo 2", "skip 1", "history")
        #expect(
            harness.output.lines() == [
                "~ 2. Jaws (1975) ★★★☆☆", "↕ 1 → 2. Heat (1995)",
                "↕ 2 → 1. Heat (1995)", "~ 2. Jaws (1975)", "+ 1. Alien (1979)",
                "~ 3. Jaws (1975) ★★★☆☆",
                "  0  before the first edit", "  1  - 1. Alien (1979)",
                "  2  ~ 2. Jaws (1975) ★★★☆☆", "  3  ↕ 1 → 2. Heat (1995)",
                "▸ 4  edit 1 taken out: 4 rows", "       ↕ 2 → 1. Heat (1995)",
                "       ~ 2. Jaws (1975)", "       + 1. Alien (1979)",
                "       ~ 3. Jaws (1975) ★★★☆☆",
            ])
        // The move brings Heat to the row it moved it to, row 2, where it is already.
        #expect(
            harness.viewModel.state.movies == [
                sampleMovies[0], sampleMovies[1], sampleMovies[2].rated(3),
            ])
        harness.output.clear()
        await harness.run("undo", "goto 4", "goto 9", "undo 5", "redo 0", "undo x")
        #expect(
            harness.output.lines(.error) == [
                "line 3: goto: edit 9 is out of range; valid edits are 0–4 (history lists them)",
                "line 4: undo: 5 edits asked for, but only 4 can be taken back; history lists them",
                "line 5: redo: \"0\" is not a number of edits; give a whole number, 1 or more",
                "line 6: undo: \"x\" is not a number of edits; give a whole number, 1 or more",
            ])
        #expect(harness.runner.rejectedCount == 4)
        #expect(harness.viewModel.history.point == 4)
    }

    @Test func aSkipNamesTheLaterEditsItLeavesOut() async {
        let harness = await Harness.loaded()
        await harness.run("insert Up 2009", "rate 4 5", "delete 1", "skip 1")
        #expect(
            Array(harness.output.lines().suffix(5)) == [
                "+ 1. Alien (1979)", "~ 4. Up (2009)", "- 4. Up (2009)", "- 1. Alien (1979)",
                "skip: edit 2 no longer applies (its movie is gone); it was left out",
            ])
        #expect(harness.viewModel.state.movies == [sampleMovies[1], sampleMovies[2]])
        #expect(harness.viewModel.history.edit(4)?.dropped == [2])
    }

    @Test func historyJSONIsOneLineAnObjectAnEdit() async throws {
        let harness = await Harness.loaded()
        await harness.run("delete 2", "undo", "history --json")
        let line = try #require(harness.output.lines().last)
        #expect(
            line == #"[{"action":{"delete":{"at":1}},"changes":[{"deleted":{"at":1,"movie":"#
                + #"{"id":2,"title":"Heat","year":1995}}}],"current":false,"edit":1,"undone":true}]"#
        )
    }

    @Test func renamePrintsItsRowAndUndoGivesTheTitleBack() async {
        let harness = await Harness.loaded()
        await harness.run(
            "rename 3 Jaws 2", #"rename 1 "Alien  (director's cut)""#, "undo", "redo", "list")
        #expect(
            harness.output.lines() == [
                "~ 3. Jaws 2 (1975)", "~ 1. Alien  (director's cut) (1979)", "~ 1. Alien (1979)",
                "~ 1. Alien  (director's cut) (1979)", "  1. Alien  (director's cut) (1979)",
                "  2. Heat (1995)", "  3. Jaws 2 (1975)",
            ])
        #expect(harness.output.lines(.error).isEmpty)
        #expect(harness.runner.unsavedEdits == 4)
        #expect(harness.viewModel.state.movies.map(\.id) == [1, 2, 3], "ids and places kept")
        #expect(harness.runner.exitStatus == .success)
    }

    /// An edit the store accepted and that changed nothing says so, draws no row and is no
    /// unsaved edit; `--quiet` drops the notice.
    @Test(arguments: [
        ("move 2 2", "move: nothing changed"), ("mv 3 003", "move: nothing changed"),
        ("rename 2 Heat", "rename: nothing changed"),
        ("rename 1 'Alien'", "rename: nothing changed"),
        ("rate 1 none", "rate: nothing changed"),
    ])
    func anEditThatChangesNothingSaysSo(line: String, notice: String) async {
        let harness = await Harness.loaded()
        await harness.run(line)
        #expect(harness.output.lines() == [notice])
        #expect(harness.output.lines(.error).isEmpty)
        #expect(harness.viewModel.state.movies == sampleMovies)
        #expect(harness.runner.unsavedEdits == 0)
        #expect(harness.viewModel.history.undoCount == 0)
        #expect(harness.runner.exitStatus == .success)

        let quiet = await Harness.loaded(quiet: true)
        await quiet.run(line)
        #expect(quiet.output.writes.isEmpty)
        #expect(quiet.runner.unsavedEdits == 0)
    }

    /// The view hears that an edit is done once for each accepted edit that changed the list,
    /// after its Changes (a skip's own edit is recorded only then); not for an edit that changed
    /// nothing, a rejected one, or a command that is no edit.
    @Test func theViewHearsWhenEachEditIsDone() async {
        let viewModel = MoviesViewModel(
            api: StubAPI(movies: sampleMovies),
            state: MoviesState(movies: sampleMovies, fetchStatus: .loaded))
        let presenter = FindCommandTests.KeepingPresenter()
        let runner = CommandRunner(
            viewModel: viewModel, view: presenter, output: RecordingOutput(), numbering: .none)
        for (number, line) in [
            "delete 1", "move 1 1", "delete 9", "undo", "redo", "history", "skip 1", "undo 2",
        ].enumerated() {
            _ = await runner.run(line, number: number + 1)
        }
        #expect(
            presenter.calls == [
                "editDone", "editDone", "editDone", "showHistory", "editDone", "editDone",
            ])
        #expect(viewModel.history.point == 0)
    }

    @Test func undoAndRedoWithNothingToTakeBackAreRejected() async {
        let harness = await Harness.loaded()
        await harness.run("undo", "redo", "delete 1", "redo")
        #expect(
            harness.output.lines(.error) == [
                "line 1: undo: nothing to undo",
                "line 2: redo: nothing to redo; a new edit after undo starts over",
                "line 4: redo: nothing to redo; a new edit after undo starts over",
            ])
        #expect(harness.runner.rejectedCount == 3)
    }

    @Test func saveWritesTheListAsACatalogAndClearsUnsavedEdits() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("saved.json")
        let harness = await Harness.loaded()
        await harness.run("delete 1", "save \(path)")
        let saved: String = "Saved 2 movies to \(path)."
        #expect(harness.output.lines() == ["- 1. Alien (1979)", saved])
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let kept: [Movie] = Array(sampleMovies.dropFirst())
        #expect(try Catalog.decode(bytes, file: path) == kept)
        let line: String = Catalog.jsonLine(kept) + "\n"
        #expect(bytes == Data(line.utf8))
        #expect(harness.runner.unsavedEdits == 0)
        #expect(directory.entries() == ["saved.json"])
    }

    @Test func saveWithQuietSaysNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let harness = await Harness.loaded(quiet: true)
        await harness.run("save \(directory.path("saved.json"))")
        #expect(harness.output.writes.isEmpty)
        #expect(directory.entries() == ["saved.json"])
    }

    @Test func saveRefusesAFileTheSessionHasOpen() async throws {
        // A path inside a folder of the test's own: were the refusal gone, `save` would write
        // there, never into the current folder (the clone, when CI runs the mutants).
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("movies.state")
        let reason = "the state file; every edit is in it already"
        let harness = await Harness.loaded()
        let runner = CommandRunner(
            viewModel: harness.viewModel, view: harness.view, output: harness.output,
            numbering: .lines, openFile: { $0 == FileName(path) ? reason : nil })
        _ = await runner.run("save \(path)", number: 1)
        #expect(
            harness.output.lines(.error) == [
                "line 1: save: \(FileName(path).excerpt()) is the state file; every edit is in it "
                    + "already"
            ])
        #expect(runner.exitStatus == .commandRejected)
        #expect(directory.entries().isEmpty, "nothing was written")
    }

    @Test func saveRefusesAnotherSessionsStateFile() async throws {
        let file = try TestStateFile(StateFile.snapshot(sampleMovies))
        defer { file.remove() }
        let before = FileManager.default.contents(atPath: file.path)
        // Another session: its journal holds the file's lock while it runs.
        let (journal, _) = try StateFileJournal.start(path: FileName(file.path))
        let harness = await Harness.loaded()
        await harness.run("delete 1", "save \(file.path)")
        #expect(
            harness.output.lines(.error) == [
                "line 2: save: \(TerminalText.excerpt(file.path)) is the state file of another "
                    + "movies session; quit that one first"
            ])
        #expect(FileManager.default.contents(atPath: file.path) == before)
        #expect(harness.runner.unsavedEdits == 1)
        withExtendedLifetime(journal) {}
    }

    @Test func aSaveThatCannotWriteSaysWhyAndKeepsTheEditsUnsaved() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("missing/saved.json")
        let harness = await Harness.loaded()
        await harness.run("delete 1", "save \(path)")
        #expect(
            harness.output.lines(.error) == [
                "line 2: save: cannot write \(path): No such file or directory"
            ])
        #expect(harness.runner.unsavedEdits == 1)
        #expect(harness.runner.exitStatus == .commandRejected)
    }
}
