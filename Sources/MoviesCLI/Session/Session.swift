// Role in the data flow: the input loop. It takes events from an `InputSource`, parses each line,
// and either runs the command at once or, when the command needs the list and a fetch is in
// flight, queues it (and every line after it) until the list arrives, while it keeps reading:
// `help` acts at once, and so does `quit` typed at a terminal. Before it waits for more input it
// commits the state file's journal, so the rows for all the edits read so far appear together
// after one `fsync`; if the state file has failed, the session goes on without edits (the runner
// refuses them) and ends with 74.
//
//   InputSource ─► Session ─► CommandRunner ─► store ─► views
//                     └─ commit (journal fsync, release held rows) before each wait

import MoviesCore
import MoviesFormats
import MoviesViews
import SystemBoundary
import TerminalIO

/// Runs one session: input events to commands, until `quit`, the end of input, or a failure of
/// the input or the output.
@MainActor
package final class Session {
    /// Commands queued behind a fetch beyond this many stop the reading until the fetch ends, so
    /// input piling up during a slow fetch cannot grow memory without bound.
    private static let maximumWaiting = 1_024

    private let viewModel: MoviesViewModel
    private let runner: CommandRunner
    private let output: any TextOutput
    private let input: any InputSource
    private let journal: StateFileJournal?
    private let warnsAboutUnsavedEdits: Bool
    private let quitActsAtOnce: Bool
    private var waiting: [(parsed: Result<any Command, CommandError>, line: Int)] = []
    private var drain: Task<Void, Never>?
    private var number = 0
    private var warnedAboutUnsavedEdits = false
    /// Set when reading failed: the session must not end as a success.
    private var readFailed = false
    /// Whether the session ended because the input did (rather than at `quit` or on a failure).
    private(set) var endedAtEndOfInput = false

    /// - Parameters:
    ///   - journal: the state file's journal, committed before each wait for input. Its
    ///     `onFailure` says a failure when it happens; the session then goes on, and ends with
    ///     `.ioError`.
    ///   - warnsAboutUnsavedEdits: at a terminal, the first `quit` (or Ctrl-D in raw mode) with
    ///     edits only in memory (not saved, and not in a state file that works) says so and does
    ///     not leave; the second leaves. (With `TERM=dumb`, Ctrl-D is the end of the input:
    ///     nothing is left to read.)
    ///   - quitActsAtOnce: `quit` leaves without running the commands still waiting for the list
    ///     (and says how many did not run). Right for a person at a terminal, who types `quit`
    ///     during a slow fetch to get out; wrong for a script, whose `quit` on its last line means
    ///     "stop here" once the lines before it have run, which is what it does otherwise.
    package init(
        viewModel: MoviesViewModel,
        runner: CommandRunner,
        output: any TextOutput,
        input: any InputSource,
        journal: StateFileJournal? = nil,
        warnsAboutUnsavedEdits: Bool = false,
        quitActsAtOnce: Bool = false
    ) {
        self.viewModel = viewModel
        self.runner = runner
        self.output = output
        self.input = input
        self.journal = journal
        self.warnsAboutUnsavedEdits = warnsAboutUnsavedEdits
        self.quitActsAtOnce = quitActsAtOnce
    }

    /// Runs until the session ends and returns how it ended.
    package func run() async -> ExitStatus {
        while true {
            if waiting.count >= Self.maximumWaiting, let drain {
                await wait(for: drain)
            }
            let event: InputEvent
            if let ready = input.nextReady() {
                event = ready
            } else {
                commit()
                output.showPrompt()
                event = await input.next()
                output.promptAnswered()
            }
            // Cancelled: the output is gone (a reader that left), so nothing more can be shown.
            if Task.isCancelled { return finish(runRemaining: false, quietly: true) }
            switch event {
            case .line(let line):
                number += 1
                if handle(line) == .quit {
                    if !quitActsAtOnce { await runWhatWaits() }
                    if Task.isCancelled { return finish(runRemaining: false, quietly: true) }
                    if shouldStay() { continue }
                    return finish(runRemaining: false)
                }
            case .key(let key):
                // A key the display gave the session (the history panel's Up and Down): the
                // command it stands for runs in its turn, as if typed.
                number += 1
                if let command = HistoryPanelKeys.command(for: key) { handle(.success(command)) }
            case .lineTooLong(let limit):
                number += 1
                handle(.failure(.lineTooLong(limit: limit)))
            case .invalidUTF8(let invalid):
                number += 1
                handle(.failure(.invalidUTF8(invalid)))
            case .readError(let code):
                // What was read before the error still runs; what came after is lost, and the
                // status says so.
                readFailed = true
                runner.report(ErrorMessage.readFailure(code))
                return await finishAtEndOfInput()
            case .end(let final):
                if !final, shouldStay() { continue }
                return await finishAtEndOfInput()
            }
        }
    }

    // MARK: - Commands

    /// Runs a line now, or queues it behind the fetch.
    ///
    /// Lines run in input order. While the list is loading, a command that needs it waits, and
    /// so does every line after it (a parse error too, so errors are reported in line order and
    /// can name the loaded list's positions), except `help` and `quit`, which act at once (a
    /// `quit` that does not act at once then waits for what is queued before it, in `run()`).
    private func handle(_ line: String) -> CommandRunner.Outcome {
        let parsed: Result<any Command, CommandError>
        do {
            guard let command = try CommandList.parse(line) else { return .proceed }
            parsed = .success(command)
        } catch {
            parsed = .failure(error)
        }
        return handle(parsed)
    }

    /// Runs a parsed line (or reports why it is no command) now, or queues it.
    @discardableResult
    private func handle(_ parsed: Result<any Command, CommandError>) -> CommandRunner.Outcome {
        if shouldWait(parsed) {
            waiting.append((parsed, number))
            scheduleDrain()
            return .proceed
        }
        return run(parsed, line: number)
    }

    private func shouldWait(_ parsed: Result<any Command, CommandError>) -> Bool {
        switch parsed {
        case .failure(let error):
            // A message that names the valid positions waits for the list it names; any other
            // is reported at once.
            return !waiting.isEmpty || (viewModel.isLoading && error.namesPositions)
        case .success(let command):
            switch type(of: command).timing {
            case .atOnce: return false
            case .inTurn: return !waiting.isEmpty
            case .afterTheList: return !waiting.isEmpty || viewModel.isLoading
            }
        }
    }

    private func run(_ parsed: Result<any Command, CommandError>, line: Int)
        -> CommandRunner.Outcome
    {
        switch parsed {
        case .success(let command): return runner.run(command, number: line)
        case .failure(let error):
            runner.reject(error, line: line)
            return .proceed
        }
    }

    /// Runs the queued commands once the fetch they wait for has ended.
    ///
    /// Cancelled (the session's output is gone), it stops waiting at once and runs nothing: the
    /// fetches are cancelled too, since nothing could show their list.
    private func scheduleDrain() {
        guard drain == nil else { return }
        let viewModel = self.viewModel
        drain = Task { [weak self] in
            await withTaskCancellationHandler {
                await viewModel.waitForFetch()
            } onCancel: {
                Task { @MainActor in viewModel.cancelFetches() }
            }
            guard !Task.isCancelled else { return }
            self?.runWaiting()
        }
    }

    /// Waits until `drain` has run the queued commands, or until the session's task is cancelled
    /// (its output is gone), whichever is first.
    private func wait(for drain: Task<Void, Never>) async {
        await withTaskCancellationHandler {
            await drain.value
        } onCancel: {
            drain.cancel()
        }
    }

    private func runWaiting() {
        drain = nil
        while !waiting.isEmpty {
            // A refresh typed meanwhile started another fetch: its list is the one to wait for.
            guard !viewModel.isLoading else {
                scheduleDrain()
                return
            }
            let (parsed, line) = waiting.removeFirst()
            // A queued command never quits: `quit` acts at once.
            _ = run(parsed, line: line)
        }
        commit()
    }

    /// At a terminal, the first request to leave with edits only in memory warns instead of
    /// leaving.
    private func shouldStay() -> Bool {
        let edits = Counted(editsOnlyInMemory, "edit")
        guard warnsAboutUnsavedEdits, !warnedAboutUnsavedEdits, edits.count > 0 else {
            return false
        }
        warnedAboutUnsavedEdits = true
        output.write(
            "\(edits) \(edits.isOrAre) not saved; type save FILE to keep \(edits.itOrThem), or quit "
                + "again to leave.\n",
            to: .standard)
        return true
    }

    /// The edits that leaving now would lose: those since the last `save`; with a state file,
    /// none while it works, and once it has failed, those it lacks too.
    private var editsOnlyInMemory: Int {
        guard let journal else { return runner.unsavedEdits }
        let failure = StateFileFailure(journal)
        return failure?.editsOnlyInMemory(unsaved: runner.unsavedEdits) ?? 0
    }

    // MARK: - Ending

    private func finishAtEndOfInput() async -> ExitStatus {
        endedAtEndOfInput = true
        // A script's last commands may still wait for the list: they run before the end.
        await runWhatWaits()
        if Task.isCancelled { return finish(runRemaining: false, quietly: true) }
        return finish(runRemaining: true)
    }

    /// Waits until the commands queued behind a fetch have run (or the state file has failed, or
    /// the output is gone).
    private func runWhatWaits() async {
        while let drain, !Task.isCancelled {
            await wait(for: drain)
        }
    }

    /// Ends the session.
    ///
    /// Commands still waiting for the list when `quit` acts at once do not run, and saying so
    /// makes the status say it. A state file that failed ends the session with `.ioError`, even
    /// when only the closing fold failed with every edit on disk: writing the state file failed,
    /// and it is left a snapshot with a journal rather than a plain catalog (a failure during the
    /// session was said when it came; one at the closing fold, after the session).
    private func finish(runRemaining: Bool, quietly: Bool = false) -> ExitStatus {
        drain?.cancel()
        if !runRemaining, !waiting.isEmpty, !quietly {
            let commands = Counted(waiting.count, "command")
            runner.reject(
                "quit: \(commands) \(commands.wasOrWere) still waiting for the movies and did not "
                    + "run", line: number)
        }
        waiting.removeAll()
        // Every edit reaches the disk first, and its rows the user: the closing fold may still
        // fail (a folder that cannot be written), but then with every edit in the file.
        journal?.finish(viewModel.state.movies)
        if journal?.failure != nil { return .ioError }
        return readFailed ? .ioError : runner.exitStatus
    }

    /// Makes the journal durable and releases the output held for it.
    private func commit() {
        journal?.commit()
    }
}
