// Once the state file has failed, the runner refuses every command that would change the list
// (each edit, and `refresh`), with the failure's reason and status 1, before anything reaches the
// store; every other command runs as before, `list` noting that the list is not the file's and
// `save` saying what the saved list holds that the file does not, and refusing the failed file.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCLI
@testable import MoviesCore
@testable import MoviesFormats
@testable import MoviesViews
@testable import SystemBoundary

@MainActor
@Suite("CommandRunner after the state file failed")
struct CommandRunnerStateFileFailureTests {
    /// A state file that failed with one edit not on disk.
    private static let failure = StateFileFailure(
        error: FileError(path: FileName("st"), reason: "Input/output error"), name: "st",
        lacking: .lastEdits(Counted(1, "edit")))

    /// A line for each command, keyed by its name.
    private static let lines = [
        "list": "list", "find": "find a", "move": "move 1 2", "delete": "delete 1",
        "insert": "insert Up 2009", "rename": "rename 1 Up", "rate": "rate 1 4", "undo": "undo",
        "history": "history", "goto": "goto 0",
        "skip": "skip 1",
        "redo": "redo",
        "save": "save SAVED",
        "refresh": "refresh", "help": "help", "quit": "quit",
    ]

    @Test func exactlyTheEditsAndRefreshChangeTheList() {
        for command in CommandList.all {
            let changes =
                command is any EditCommand.Type
                || ObjectIdentifier(command) == ObjectIdentifier(RefreshCommand.self)
            #expect(command.changesTheList == changes, "\(command.reference.name)")
        }
    }

    @Test(arguments: CommandList.all.map { $0.reference.name })
    func aCommandThatChangesTheListIsRefusedAndNothingElseIs(name: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let line = try #require(Self.lines[name], "a line for \(name)")
            .replacingOccurrences(of: "SAVED", with: directory.path("saved.json"))
        let harness = await Harness.loaded()
        // An edit to undo, so that `undo` could run if it were let through.
        await harness.run("delete 3")
        harness.output.clear()
        harness.runner.stateFileFailure = { Self.failure }
        let before = harness.viewModel.state
        let recorder = ChangeRecorder(harness.viewModel)
        let command = try #require(try CommandList.parse(line))
        _ = harness.runner.run(command, number: 4)

        let refusal =
            "line 4: \(name): refused: the state file cannot keep edits (st: Input/output error); "
            + "the list stays as it is: type save FILE to keep it"
        if type(of: command).changesTheList {
            #expect(harness.output.lines(.error) == [refusal])
            #expect(harness.output.lines().isEmpty)
            #expect(recorder.changes.isEmpty, "nothing reached the store")
            #expect(harness.viewModel.state == before)
            #expect(harness.runner.exitStatus == .commandRejected)
        } else {
            #expect(!harness.output.lines(.error).contains(refusal))
            #expect(harness.runner.exitStatus == .success)
        }
    }

    @Test func listSaysOnStderrThatItIsNotTheFilesList() async {
        let harness = await Harness.loaded()
        harness.runner.stateFileFailure = { Self.failure }
        await harness.run("list", "list --json")
        #expect(
            harness.output.lines() == [
                "  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)",
                Catalog.jsonLine(sampleMovies),
            ])
        let note = "the list differs from state file st by the last edit, which is not on disk"
        #expect(harness.output.lines(.error) == [note, note], "once for each list")
    }

    @Test func saveSaysItHoldsTheEditsTheFileLacks() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("saved.json")
        let harness = await Harness.loaded()
        await harness.run("delete 1")
        harness.output.clear()
        harness.runner.stateFileFailure = { Self.failure }
        await harness.run("save \(path)")
        #expect(
            harness.output.lines() == [
                "Saved 2 movies to \(path), with the last edit, which state file st does not hold."
            ])
        #expect(harness.runner.unsavedEdits == 0)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let saved = try Catalog.decode(bytes, file: path)
        #expect(saved == Array(sampleMovies.dropFirst()), "the list as the session holds it")
    }

    @Test func saveOntoTheFailedStateFileSaysToChooseAnother() throws {
        let file = try TestStateFile(StateFile.snapshot(sampleMovies))
        defer { file.remove() }
        let failing = ArmedSync(failingWith: EIO)
        let (journal, restored) = try StateFileJournal.start(
            path: FileName(file.path), sync: failing.sync)
        let viewModel = MoviesViewModel(
            api: StubAPI(), state: try #require(restored), middleware: [journal])
        let files = OpenFiles(journal: journal, trace: nil, readsInput: false)
        #expect(files.refusal(FileName(file.path)) == "the state file; every edit is in it already")
        failing.arm()
        try viewModel.delete(at: 0)
        journal.commit()
        #expect(
            files.refusal(FileName(file.path))
                == "the state file, which failed; save the list to another file")
    }

    // MARK: - A session that follows another's state file

    /// In a follower (`--follow`), the same commands are refused, by the same check, with a
    /// message that names the file and says where to edit; the rest run.
    @Test(arguments: CommandList.all.map { $0.reference.name })
    func inAFollowerACommandThatChangesTheListIsRefusedNamingTheFile(name: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let line = try #require(Self.lines[name], "a line for \(name)")
            .replacingOccurrences(of: "SAVED", with: directory.path("saved.json"))
        let harness = await Harness.loaded()
        harness.runner.followedFile = FileName("owner.state")
        let before = harness.viewModel.state
        let recorder = ChangeRecorder(harness.viewModel)
        let command = try #require(try CommandList.parse(line))
        _ = harness.runner.run(command, number: 2)

        let refusal =
            "line 2: \(name): refused: following owner.state read-only; edit in the session that "
            + "owns it"
        if type(of: command).changesTheList {
            #expect(harness.output.lines(.error) == [refusal])
            #expect(recorder.changes.isEmpty, "nothing reached the store")
            #expect(harness.viewModel.state == before)
            #expect(harness.runner.exitStatus == .commandRejected)
        } else {
            #expect(harness.output.lines(.error).isEmpty)
            #expect(harness.runner.exitStatus == .success)
        }
    }

    /// `save` never replaces the followed file, by any name: it is its owner's.
    @Test func saveRefusesTheFollowedFileByAnyName() throws {
        let file = try TestStateFile(StateFile.snapshot(sampleMovies))
        defer { file.remove() }
        let link = file.directory.path("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file.path)
        let files = OpenFiles(
            journal: nil, trace: nil, readsInput: false, followed: FileName(file.path))
        let refusal = "the state file this session follows; only the session that owns it writes it"
        #expect(files.refusal(FileName(file.path)) == refusal)
        #expect(files.refusal(FileName(link)) == refusal)
        #expect(files.refusal(FileName(file.directory.path("other.json"))) == nil)
    }
}
