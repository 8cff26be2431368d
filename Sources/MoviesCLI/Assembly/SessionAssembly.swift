// Role in the data flow: the assembly line, once for every kind of session. It opens the session's
// files (the state file, restored; the trace; or the state file another session keeps, to follow),
// builds the store with its middleware and the durability gate, has the frontend make the view and
// say where input and output are, builds the command runner and the session, shows the restored or
// followed list or starts the first fetch, runs the session, and says at the end what became of
// the files. A state file that fails is said at once, through the runner, and from then on the
// runner refuses edits. Only the frontend differs between a pipe and a terminal.
//
//   Frontend's input ─► Session ─► CommandRunner ─► MoviesViewModel ─► view ─► Frontend's output
//                                  (trace, journal, gate: middleware)   └─► DurableOutput (--state)

import MoviesCore
import MoviesFormats
import MoviesViews
import SystemBoundary
import TerminalIO

/// Builds and runs one session on a frontend.
///
/// One assembly for every kind of session, so that the order that matters (the files opened
/// before the store, the journal before the gate among the middleware, the terminal taken only
/// once the view exists, the closing report after it is given back) is written once, and a pipe
/// and a terminal cannot drift apart.
@MainActor
enum SessionAssembly {
    /// One session on `frontend`: restore or fetch, then run the input until `quit` or its end.
    ///
    /// At `quit` or end of input, the commands still waiting for the list run first (except
    /// after a `quit` a person typed); then the session ends, even with a fetch in flight: the
    /// fetch is abandoned, and nothing is drawn after this returns.
    ///
    /// - Parameters:
    ///   - sync: the state file's `fsync`; a test passes one that fails.
    ///   - journalOpened: called with the state file's journal once it is open (with `--state`
    ///     only), for a caller that reads its figures: the benchmark counts `fsync` calls.
    static func run(
        options: Options, api: any MoviesAPI, frontend: any Frontend, sync: FileSync = .system,
        journalOpened: (StateFileJournal) -> Void = { _ in }
    ) async -> ExitStatus {
        let messages = frontend.messages
        let files: SessionFiles
        do {
            files = try SessionFiles(options: options, sync: sync, messages: messages)
        } catch {
            return error.status
        }
        let (journal, restored, trace) = (files.journal, files.restored, files.trace)
        var middleware: [any MoviesMiddleware] = []
        trace.map { middleware.append($0) }
        var gate: DurableOutput?
        if let journal {
            middleware.append(journal)
            journalOpened(journal)
            let durable = DurableOutput(output: frontend.heldOutput, journal: journal)
            // After the journal: the store hands it each action's record first, so it knows
            // which rows were drawn for an edit before the journal writes the edit (or fails to).
            middleware.append(durable)
            gate = durable
        }
        let viewModel = MoviesViewModel(
            api: api, state: restored ?? MoviesState(),
            history: files.history.undoHistory(limit: options.historyLimit),
            middleware: middleware)
        // The journal writes how each Change stands in the history, and keeps the history's
        // edits at a fold.
        journal?.history = { [weak viewModel] in viewModel?.history }
        let parts = frontend.attach(to: viewModel, through: gate, quiet: options.quiet)

        let status: ExitStatus
        // With `--follow`: the source of the store's actions besides the keyboard.
        var follower: StateFileFollower?
        do {
            try frontend.start()
            let runner = CommandRunner(
                viewModel: viewModel, view: parts.view.presenter, output: parts.output,
                numbering: frontend.numbering, quiet: options.quiet,
                openFile: OpenFiles(
                    journal: journal, trace: trace, readsInput: options.commands == nil,
                    followed: files.followed?.target
                ).refusal)
            if let journal, let gate { watchFailures(of: journal, gate: gate, runner: runner) }
            if let followed = files.followed {
                runner.followedFile = followed.path
                parts.view.showFollowing(viewModel.state.movies, in: followed.path)
                follower = StateFileFollower(file: followed, viewModel: viewModel) {
                    [weak runner] message in runner?.report(message)
                }
                follower?.start()
            } else if let restored, let path = options.statePath {
                parts.view.showRestored(restored.movies, from: path)
            } else {
                viewModel.refresh()
            }
            // A file that can keep no edit is said before any edit: at the start.
            if let failure = StateFileFailure(journal) { runner.report(failure.announcement) }
            let session = Session(
                viewModel: viewModel, runner: runner, output: parts.output, input: parts.input,
                journal: journal, warnsAboutUnsavedEdits: frontend.interactive,
                quitActsAtOnce: frontend.interactive)
            let ended = await session.run()
            follower?.stop()
            parts.view.detach()
            status = frontend.finish(session) ?? ended
        } catch {
            messages.write("movies: cannot use the terminal: \(error)\n", to: .error)
            // A state file this start created goes again: a failed start leaves nothing.
            journal?.removeIfCreated()
            status = .ioError
        }
        // Reported once the session is over, so that at a terminal the message lands after the
        // screen view has given the main screen back.
        return ClosingReport.write(
            journal: journal, trace: trace, movies: viewModel.state.movies,
            saidAlready: !parts.view.takesMessagesAway, to: messages)
            ?? status
    }

    /// Wires what happens when `journal`'s file fails during the session: the gate drops the
    /// rows of edits not on disk and lets the rest through, the failure is said once, at once,
    /// through `runner` (stderr, or the screen view's message line), and from then on `runner`
    /// refuses every command that would change the list.
    ///
    /// A failure at the closing fold is not said here: the session is over, and the closing
    /// report says it.
    private static func watchFailures(
        of journal: StateFileJournal, gate: DurableOutput, runner: CommandRunner
    ) {
        // Weak: the gate and the runner hold the journal, so the journal must not hold them.
        journal.onFailure = { [weak journal, weak gate, weak runner] _ in
            gate?.journalFailed()
            guard let journal, !journal.failedAtTheEnd, let failure = StateFileFailure(journal)
            else { return }
            runner?.report(failure.announcement)
        }
        runner.stateFileFailure = { [weak journal] in StateFileFailure(journal) }
    }
}
