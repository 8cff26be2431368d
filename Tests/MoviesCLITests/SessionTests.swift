// The input loop, step by step: the test types each line and decides when the fetch ends, so what
// runs at once and what waits is checked without timing. Commands run in input order; `help` acts
// during a fetch, and so does `quit` at a terminal (a script's `quit` waits its turn); errors keep
// line order; the end of input runs what waits; the unsaved-edits warning; a state file that fails
// keeps the session going without edits, and ends it with 74.

import Foundation
import MoviesTestSupport
import SystemBoundary
import Testing

@testable import MoviesCLI
@testable import MoviesCore
@testable import MoviesFormats
@testable import MoviesViews
@testable import TerminalIO

@MainActor
@Suite("Session", .hangGuard)
struct SessionTests {
    /// A session on a store whose first fetch is in flight until the test resolves it.
    @MainActor
    private final class Running {
        let api = ControlledAPI()
        let input = ControlledInput()
        let output = RecordingOutput()
        let viewModel: MoviesViewModel
        let view: MoviesViewController
        let runner: CommandRunner
        private var task: Task<SystemBoundary.ExitStatus, Never>?

        init(
            warnsAboutUnsavedEdits: Bool = false, quitActsAtOnce: Bool = false,
            journal: StateFileJournal? = nil,
            state: MoviesState = MoviesState(),
            output wrap: ((RecordingOutput) -> any TextOutput)? = nil
        ) {
            viewModel = MoviesViewModel(
                api: api, state: state, middleware: journal.map { [$0] } ?? [])
            let sink = wrap?(output) ?? output
            view = MoviesViewController(viewModel: viewModel, output: sink)
            runner = CommandRunner(
                viewModel: viewModel, view: view, output: sink, numbering: .lines)
            let session = Session(
                viewModel: viewModel, runner: runner, output: sink, input: input, journal: journal,
                warnsAboutUnsavedEdits: warnsAboutUnsavedEdits, quitActsAtOnce: quitActsAtOnce)
            task = Task { await session.run() }
        }

        /// Answers fetch number `call` with `movies`.
        func load(_ movies: [Movie] = sampleMovies, call: Int = 1) async {
            await api.resolve(call: call, with: .success(movies))
            await viewModel.settleFetch()
        }

        /// How the session ended; abandons any fetch still in flight.
        ///
        /// Sends the end of input first: a session that already ended never reads it, and one
        /// that (wrongly) did not end is made to, so a broken session fails its test instead of
        /// hanging it.
        func status() async -> SystemBoundary.ExitStatus? {
            input.send(.end(final: true))
            let status = await task?.value
            viewModel.cancelFetches()
            return status
        }

        /// Every write so far, as lines tagged with their channel, in the order they were made.
        var transcript: [String] {
            output.writes.flatMap { write in
                write.text.split(separator: "\n").map {
                    (write.channel == .error ? "err: " : "") + $0
                }
            }
        }
    }

    private let helpLines = HelpText.commands.split(separator: "\n").map(String.init)

    @Test func commandsRunInInputOrderWhileHelpActsAtOnce() async {
        let session = Running()
        session.viewModel.refresh()
        session.input.type("delete 1", "help", "list")
        await session.input.untilWaiting()
        #expect(session.transcript == ["Loading movies…"] + helpLines, "help did not wait")

        await session.load()
        session.input.send(.end(final: true))
        #expect(await session.status() == .success)
        #expect(
            session.transcript
                == ["Loading movies…"] + helpLines + [
                    "  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)", "Loaded 3 movies.",
                    "- 1. Alien (1979)", "  1. Heat (1995)", "  2. Jaws (1975)",
                ])
    }

    /// The history panel's Up and Down reach the session as keys, not lines: each runs as
    /// `undo` or `redo` would typed, in its turn, drawing the rows it changes; an unsaved edit
    /// each; one past the end refused as the command is; a key that stands for no command does
    /// nothing.
    @Test func thePanelsKeysRunAsUndoAndRedo() async {
        let session = Running(
            state: MoviesState(movies: sampleMovies, fetchStatus: .loaded))
        session.input.type("delete 1")
        for key in [Key.up, .up, .down, .left] { session.input.send(.key(key)) }
        session.input.type("history")
        await session.input.untilWaiting()
        #expect(
            session.transcript == [
                "- 1. Alien (1979)", "+ 1. Alien (1979)", "err: line 3: undo: nothing to undo",
                "- 1. Alien (1979)", "  0  before the first edit", "▸ 1  - 1. Alien (1979)",
            ])
        #expect(session.runner.unsavedEdits == 3)
        #expect(await session.status() == .commandRejected)
    }

    /// A follower's panel is read-only: Up is refused as a typed `undo` is, and nothing changes.
    @Test func thePanelsKeysAreRefusedInAFollower() async {
        let session = Running(
            state: MoviesState(movies: sampleMovies, fetchStatus: .loaded))
        session.runner.followedFile = FileName("owner.state")
        session.input.send(.key(.down))
        await session.input.untilWaiting()
        #expect(
            session.transcript == [
                "err: line 1: redo: refused: following owner.state read-only; edit in the "
                    + "session that owns it"
            ])
        #expect(session.viewModel.state.movies == sampleMovies)
        #expect(await session.status() == .commandRejected)
    }

    @Test func aRefreshTypedBehindAWaitingCommandWaitsItsTurn() async {
        let session = Running()
        session.viewModel.refresh()
        session.input.type("list", "refresh", "list")
        await session.input.untilWaiting()
        #expect(session.transcript == ["Loading movies…"], "the refresh waits behind the list")

        // Both answers are given now; the second fetch gets its answer when the queued refresh
        // starts it, after the first list has run.
        await session.api.resolve(call: 1, with: .success([sampleMovies[0]]))
        await session.api.resolve(call: 2, with: .success(sampleMovies))
        session.input.send(.end(final: true))
        #expect(await session.status() == .success)
        #expect(
            session.transcript == [
                "Loading movies…", "  1. Alien (1979)", "Loaded 1 movie.", "  1. Alien (1979)",
                "Loading movies…", "  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)",
                "Loaded 3 movies.", "  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)",
            ])
    }

    @Test func parseErrorsQueuedBehindWaitingCommandsKeepLineOrder() async {
        let session = Running()
        session.viewModel.refresh()
        session.input.type("frobnicate", "delete x", "delete 1", "move 1 x", "delete 1")
        await session.input.untilWaiting()
        #expect(
            session.transcript == [
                "Loading movies…",
                #"err: line 1: unknown command "frobnicate"; type help to see the commands"#,
            ], "an error with nothing waiting before it, naming no position, is reported at once")

        await session.load()
        session.input.send(.end(final: true))
        #expect(await session.status() == .commandRejected)
        #expect(
            Array(session.transcript.suffix(5)) == [
                "Loaded 3 movies.",
                // A bad position waits for the list, so its message names the list's positions.
                #"err: line 2: delete: position "x" is not a whole number; valid positions are 1–3"#,
                "- 1. Alien (1979)",
                #"err: line 4: move: position "x" is not a whole number; valid positions are 1–2"#,
                "- 1. Heat (1995)",
            ])
        #expect(session.viewModel.state.movies == [sampleMovies[2]])
    }

    @Test func quitAtATerminalActsAtOnceAndReportsTheCommandsThatDidNotRun() async {
        let session = Running(quitActsAtOnce: true)
        session.viewModel.refresh()
        session.input.type("delete 1", "list", "quit", "delete 2")
        #expect(await session.status() == .commandRejected)
        #expect(
            session.transcript == [
                "Loading movies…",
                "err: line 3: quit: 2 commands were still waiting for the movies and did not run",
            ])
        #expect(session.viewModel.state.movies.isEmpty)
    }

    @Test func aScriptsQuitRunsTheLinesBeforeItAndNoneAfter() async {
        let session = Running()
        session.viewModel.refresh()
        session.input.type("delete 1", "list", "quit", "delete 2")
        await session.load()
        #expect(await session.status() == .success)
        #expect(
            session.transcript == [
                "Loading movies…", "  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)",
                "Loaded 3 movies.", "- 1. Alien (1979)", "  1. Heat (1995)", "  2. Jaws (1975)",
            ])
        #expect(session.viewModel.state.movies == Array(sampleMovies.dropFirst()))
    }

    @Test func quitWithNothingWaitingEndsWithSuccess() async {
        let session = Running()
        session.viewModel.refresh()
        session.input.type("help", "quit")
        #expect(await session.status() == .success)
        #expect(session.transcript == ["Loading movies…"] + helpLines)
    }

    @Test func theEndOfInputRunsWhatWaits() async {
        let session = Running()
        session.viewModel.refresh()
        session.input.type("delete 3", "list --json")
        session.input.send(.end(final: true))
        // The session has read the end, and waits for the list before it ends.
        await session.load()
        #expect(await session.status() == .success)
        #expect(
            Array(session.transcript.suffix(2)) == [
                "- 3. Jaws (1975)", Catalog.jsonLine(Array(sampleMovies.prefix(2))),
            ])
    }

    @Test func unsavedEditsWarnOnceWhenAskedTo() async {
        let session = Running(warnsAboutUnsavedEdits: true)
        session.viewModel.refresh()
        await session.load()
        session.input.type("delete 1", "quit")
        await session.input.untilWaiting()
        #expect(
            session.transcript.last
                == "1 edit is not saved; type save FILE to keep it, or quit again to leave.")
        session.input.type("quit")
        #expect(await session.status() == .success)
    }

    @Test func endOfInputTypedAtATerminalWarnsToo() async {
        let session = Running(warnsAboutUnsavedEdits: true)
        session.viewModel.refresh()
        await session.load()
        session.input.type("delete 1", "delete 1")
        session.input.send(.end(final: false))
        await session.input.untilWaiting()
        #expect(
            session.transcript.last
                == "2 edits are not saved; type save FILE to keep them, or quit again to leave.")
        session.input.send(.end(final: false))
        #expect(await session.status() == .success)
    }

    @Test func noWarningWithoutEditsOrWhenNotAskedFor() async {
        let clean = Running(warnsAboutUnsavedEdits: true)
        clean.viewModel.refresh()
        await clean.load()
        // The end of input after `quit` ends a session that (wrongly) stayed, so the check below
        // fails instead of hanging.
        clean.input.type("list", "quit")
        clean.input.send(.end(final: true))
        #expect(await clean.status() == .success)
        #expect(!clean.transcript.contains { $0.contains("not saved") })

        let unasked = Running(warnsAboutUnsavedEdits: false)
        unasked.viewModel.refresh()
        await unasked.load()
        unasked.input.type("delete 1", "quit")
        unasked.input.send(.end(final: true))
        #expect(await unasked.status() == .success)
        #expect(!unasked.transcript.contains { $0.contains("not saved") })
    }

    @Test func savingClearsTheWarning() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let session = Running(warnsAboutUnsavedEdits: true)
        session.viewModel.refresh()
        await session.load()
        session.input.type("delete 1", "save \(directory.path("saved.json"))", "quit")
        #expect(await session.status() == .success)
        #expect(!session.transcript.contains { $0.contains("not saved") })
    }

    @Test func aStateFileThatFailsKeepsTheListRefusesEditsAndEndsWith74() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("movies.state")
        try write(StateFile.snapshot(sampleMovies), to: path)
        let (journal, restored) = try StateFileJournal.start(path: FileName(path))
        var failures: [FileError] = []
        journal.onFailure = { failures.append($0) }
        let session = Running(journal: journal, state: try #require(restored)) { output in
            DurableOutput(output: output, journal: journal)
        }
        session.runner.stateFileFailure = { StateFileFailure(journal) }
        session.input.type("delete 1")
        await session.input.untilWaiting()
        #expect(session.transcript == ["- 1. Alien (1979)"], "committed, so drawn")

        // The folder goes away, so the compaction a reload needs fails.
        directory.remove()
        session.input.type("refresh")
        await session.input.untilWaiting()
        await session.load(call: 1)
        #expect(failures == [FileError(path: FileName(path), code: ENOENT)])

        // The session goes on with the list it holds (the fetched one), and refuses edits.
        session.input.type("delete 1", "list")
        session.input.send(.end(final: true))
        #expect(await session.status() == .ioError)
        #expect(session.viewModel.state.movies == sampleMovies, "the list is kept, unedited")
        #expect(
            session.transcript == [
                "- 1. Alien (1979)", "Loading movies…",
                "err: line 3: delete: refused: the state file cannot keep edits (\(path): No such "
                    + "file or directory); the list stays as it is: type save FILE to keep it",
                "  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)",
                "err: the list differs from state file \(path) by the last edit, which is not on "
                    + "disk",
            ])
        #expect(failures.count == 1)
    }
}
