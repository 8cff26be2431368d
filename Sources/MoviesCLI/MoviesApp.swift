// Role in the data flow: the assembly line. `MoviesApp` reads the options, restores the state file,
// builds the store with its middleware, the view, the command runner and the input, starts the
// first fetch (or shows the restored list), then hands over to the `Session` until `quit` or the
// end of input. The executable only hands it the arguments and a way to build the API.
//
//   stdin ─► InputSource ─► Session ─► CommandRunner ─► MoviesViewModel ─► view ─► stdout

import MoviesCore
import MoviesFormats
import MoviesViews
import SystemBoundary
import TerminalIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the movies app.
@MainActor
package enum MoviesApp {
    /// The version printed by `--version`.
    package nonisolated static let version = "1.1.0"
    /// The process's stdout and stderr, with the app's prompt and its words for a lost write.
    private static func standardStreams(interactive: Bool) -> StandardStreams {
        StandardStreams(interactive: interactive, prompt: HelpText.prompt, report: \.report)
    }

    /// The whole program; returns the exit status.
    ///
    /// Parses `arguments` (including the program name), then runs a session on standard input
    /// and output, or replays a trace.
    ///
    /// - Parameter makeAPI: builds the movie source the options ask for; the CLI never sees how.
    package static func main(
        arguments: [String],
        makeAPI: (Options) -> any MoviesAPI
    ) async -> ExitStatus {
        await main(argumentBytes: arguments.map { Array($0.utf8) }, makeAPI: makeAPI)
    }

    /// The whole program, given the arguments as the bytes the process received (file names
    /// are bytes, not always UTF-8); returns the exit status.
    package static func main(
        argumentBytes arguments: [[UInt8]],
        makeAPI: (Options) -> any MoviesAPI
    ) async -> ExitStatus {
        // A reader that goes away must not kill the process mid-write: writes fail with EPIPE
        // instead, and the app ends with `.brokenPipe`, silently.
        signal(SIGPIPE, SIG_IGN)
        let interactive = StandardStreams.isInteractiveTerminal
        let output = standardStreams(interactive: interactive)
        let request: Options.Request
        do {
            request = try Options.parse(bytes: Array(arguments.dropFirst()))
        } catch {
            output.write("movies: \(error)\n\n" + HelpText.usage, to: .error)
            return .usage
        }
        switch request {
        case .help:
            output.write(HelpText.usage, to: .standard)
            return output.failure?.exitStatus ?? .success
        case .version:
            output.write("movies \(version)\n", to: .standard)
            return output.failure?.exitStatus ?? .success
        case .replay(let path):
            let status = ReplayRunner.run(path: path, output: output)
            return output.failure?.exitStatus ?? status
        case .run(let options):
            if options.screen, !interactive {
                output.write(
                    "movies: --screen needs a terminal (stdin and stdout); without one, leave it "
                        + "out\n", to: .error)
                return .usage
            }
            if options.screen, isDumbTerminal {
                output.write(
                    "movies: --screen draws with escape sequences, which this terminal does not "
                        + "take (TERM is dumb or unset); leave --screen out to edit line by line\n",
                    to: .error)
                return .usage
            }
            let api = makeAPI(options)
            let streams = standardStreams(interactive: false)
            if interactive, options.commands == nil, !isDumbTerminal,
                let mode = TerminalMode.standardInput
            {
                return await endingWhenOutputFails(streams) {
                    await run(
                        options: options, api: api,
                        frontend: .terminal(mode, screen: options.screen, output: streams))
                }
            }
            // A terminal that cannot take escape sequences (TERM=dumb) gets lines and a prompt.
            let prompts = interactive && options.commands == nil
            InterruptHandler.install(interactive: prompts)
            let lines = prompts ? output : streams
            return await endingWhenOutputFails(lines) {
                let input: any InputSource =
                    options.commands.map { ScriptInput(Tokenizer.commands(in: $0)) }
                    ?? LineReader.standardInput()
                return await run(
                    options: options, api: api, input: input, output: lines,
                    interactive: prompts)
            }
        }
    }

    /// Whether `TERM` says the terminal understands no escape sequences.
    private static var isDumbTerminal: Bool {
        guard let term = getenv("TERM") else { return true }
        let name = String(cString: term)
        return name.isEmpty || name == "dumb"
    }

    /// Runs `session`, cancelling it as soon as a write to `output` fails; the status is then
    /// the failure's.
    ///
    /// Nothing the session does can be shown any more, so it stops reading input at once, even
    /// while it waits for the next line: `yes list | movies | head -5` must end when `head` does.
    private static func endingWhenOutputFails(
        _ output: StandardStreams,
        _ session: @escaping @MainActor () async -> ExitStatus
    ) async -> ExitStatus {
        let task = Task { await session() }
        output.onFailure = { _ in task.cancel() }
        // A reader that leaves is noticed at once, even while nothing is being written.
        output.watchReaders()
        let status = await task.value
        return output.failure?.exitStatus ?? status
    }

    /// One session on `input` and `output` (a pipe, a file, a test): restore or fetch, then run
    /// the input until `quit` or its end.
    ///
    /// At `quit` or end of input, the commands still waiting for the list run first (except
    /// after a `quit` typed at a terminal); then the session ends, even with a fetch in flight:
    /// the fetch is abandoned, and nothing is drawn after this returns.
    ///
    /// - Parameters:
    ///   - journalOpened: called with the state file's journal once it is open (with `--state`
    ///     only), for a caller that reads its figures: the benchmark counts `fsync` calls.
    ///   - sync: the state file's `fsync`; a test passes one that fails.
    package static func run(
        options: Options = Options(),
        api: any MoviesAPI,
        input: any InputSource,
        output: any TextOutput,
        interactive: Bool,
        sync: FileSync = .system,
        journalOpened: (StateFileJournal) -> Void = { _ in }
    ) async -> ExitStatus {
        await run(
            options: options, api: api,
            frontend: .streams(input: input, output: output, interactive: interactive),
            sync: sync, journalOpened: journalOpened)
    }

    /// Which input file `path` is, if it is one (the state file or the catalog), by device and
    /// inode, so another spelling or a link to it counts too.
    private static func inputFile(named path: FileName, in options: Options) -> String? {
        guard let target = FileIdentity(path: path) else { return nil }
        let inputs = [("the state file", options.statePath), ("the catalog", options.catalogPath)]
        for case (let name, let input?) in inputs where FileIdentity(path: input) == target {
            return name
        }
        return nil
    }

    /// Which of the files the session has open a name reaches, by device and inode (any name
    /// for it, a link, another spelling), as `save`'s reason to refuse it; `nil` for none.
    ///
    /// `save` replaces its file with a new one: the state file would lose its journal, the trace
    /// would become a catalog while later actions go to the unlinked old file, and so would the
    /// session's own output.
    private static func openFiles(journal: StateFileJournal?, trace: TraceWriter?)
        -> (FileName) -> String?
    {
        { name in
            if journal?.isSameFile(name) == true {
                return "the state file; every edit is in it already"
            }
            if trace?.isSameFile(name) == true {
                return "this session's trace; saving over it would end the trace"
            }
            return StandardDescriptors.outputChannel(reachedBy: name).map {
                "this session's standard \($0 == .standard ? "output" : "error"); saving over it "
                    + "would lose what the session wrote there"
            }
        }
    }

    /// Where a session's input comes from and where its output goes.
    enum Frontend {
        /// Lines from `input`, text to `output`; `interactive`: a person typing at a terminal in
        /// line mode (`TERM=dumb`).
        case streams(input: any InputSource, output: any TextOutput, interactive: Bool)
        /// A terminal in raw mode: keys in, the input line owned by the app, the line view or
        /// (`screen`) the screen view; bytes written through `output`.
        case terminal(TerminalMode, screen: Bool, output: StandardStreams)
    }

    /// One session, on either kind of frontend; `journalOpened` sees the state file's journal
    /// (the benchmark counts its `fsync` calls).
    static func run(
        options: Options, api: any MoviesAPI, frontend: Frontend, sync: FileSync = .system,
        journalOpened: (StateFileJournal) -> Void = { _ in }
    ) async -> ExitStatus {
        let errors: any TextOutput
        switch frontend {
        case .streams(_, let output, _): errors = output
        case .terminal(_, _, let output): errors = output
        }
        if let trace = options.trace?.path, let input = inputFile(named: trace, in: options) {
            errors.write(
                "movies: --trace \(trace) is \(input); a trace starts by "
                    + "emptying its file, so choose another\n", to: .error)
            return .usage
        }
        var journal: StateFileJournal?
        var restored: MoviesState?
        if let path = options.statePath {
            do {
                (journal, restored) = try StateFileJournal.start(path: path, sync: sync)
            } catch {
                errors.write("movies: \(error)\n", to: .error)
                return .loadFailed
            }
        }
        let initial = restored ?? MoviesState()
        var middleware: [any MoviesMiddleware] = []
        var trace: TraceWriter?
        if let target = options.trace {
            do {
                trace = try TraceWriter(
                    path: target.path, state: initial, historyLimit: options.historyLimit)
            } catch {
                // A state file this start created goes again: a failed start leaves nothing.
                journal?.removeIfCreated()
                switch error {
                case .heldByAnotherSession(let path):
                    errors.write(
                        "movies: --trace \(path) is the state file of another movies session; a "
                            + "trace starts by emptying its file, so choose another\n", to: .error)
                    return .usage
                case .file(let failure):
                    errors.write("movies: cannot write the trace \(failure)\n", to: .error)
                    return .ioError
                }
            }
            trace.map { middleware.append($0) }
        }
        if let journal {
            middleware.append(journal)
            journalOpened(journal)
        }
        let viewModel = MoviesViewModel(
            api: api, state: initial, historyLimit: options.historyLimit, middleware: middleware)

        let status: ExitStatus
        switch frontend {
        case .streams(let input, let output, let interactive):
            let gated = journal.map { gate(output, for: $0) } ?? output
            let view = MoviesViewController(
                viewModel: viewModel, output: gated, quiet: options.quiet)
            defer { view.detach() }
            let runner = makeRunner(
                viewModel: viewModel, view: view, output: gated, journal: journal,
                numbering: interactive ? .none : options.commands == nil ? .lines : .commands,
                quiet: options.quiet, trace: trace)
            showRestoredOrLoad(restored, from: options.statePath, viewModel: viewModel) {
                view.showRestored($0.movies, from: $1)
            }
            let session = Session(
                viewModel: viewModel, runner: runner, output: gated, input: input,
                journal: journal, warnsAboutUnsavedEdits: interactive && journal == nil,
                quitActsAtOnce: interactive)
            status = await session.run()
            if interactive, session.endedAtEndOfInput {
                // End of input typed as Ctrl-D: leave the shell's prompt on a line of its own.
                output.write("\n", to: .standard)
            }
        case .terminal(let mode, let screen, let output):
            status = await runAtTerminal(
                options: options, viewModel: viewModel, journal: journal, trace: trace,
                restored: restored, mode: mode, screen: screen, output: output)
        }
        // Reported once the session is over, so that at a terminal the message lands after the
        // screen view has given the main screen back.
        if let journal, let failure = journal.failure {
            // Said from what the file holds now, read back: a failed closing fold leaves every
            // edit in the file (the old one with its journal, or the new snapshot).
            let name = journal.path.excerpt(limit: 200)
            let fate =
                journal.restores(viewModel.state.movies)
                ? "every edit is in \(name), and the next start restores them all"
                : "\(name) does not hold this session's last edits; they are lost"
            errors.write("movies: state file \(failure); \(fate)\n", to: .error)
        }
        if let journal, journal.failure == nil, journal.nameLeadsElsewhere {
            let name = journal.path.excerpt(limit: 200)
            errors.write(
                "movies: state file \(name) no longer leads to the file this session held; its "
                    + "list is in \(journal.heldFile.excerpt(limit: 200)), and what \(name) leads "
                    + "to now was left as it is\n", to: .error)
        }
        if let failure = trace?.failure {
            errors.write("movies: cannot write the trace \(failure)\n", to: .error)
            return .ioError
        }
        return status
    }

    /// A session at a terminal in raw mode: the console reads keys and owns the input line; the
    /// line view or the screen view draws the Changes.
    private static func runAtTerminal(
        options: Options, viewModel: MoviesViewModel, journal: StateFileJournal?,
        trace: TraceWriter?, restored: MoviesState?, mode: TerminalMode, screen: Bool,
        output: StandardStreams
    ) async -> ExitStatus {
        let size = TerminalMode.windowSize(of: STDOUT_FILENO)
        let chunks = ChunkReader(descriptor: STDIN_FILENO)
        let names = CommandList.names
        let console: TerminalConsole
        let presenter: any ListPresenter
        let runnerOutput: any TextOutput
        var screenView: ScreenView?
        var lineView: MoviesViewController?
        if screen {
            // Rows drawn for edits wait for the journal: the screen writes through the gate.
            let sink: any TerminalOutput =
                journal.map { gate(output, for: $0) } ?? output
            let view = ScreenView(viewModel: viewModel, terminal: sink, size: size)
            console = TerminalConsole(
                mode: mode, chunks: chunks, display: view, prompt: HelpText.prompt,
                commandNames: names)
            presenter = view
            runnerOutput = console
            screenView = view
        } else {
            let display = LineDisplay(terminal: output, width: size.columns)
            console = TerminalConsole(
                mode: mode, chunks: chunks, display: display, prompt: HelpText.prompt,
                commandNames: names)
            let gated: any TextOutput =
                journal.map { gate(console, for: $0) } ?? console
            let view = MoviesViewController(viewModel: viewModel, output: gated)
            presenter = view
            runnerOutput = gated
            lineView = view
        }
        do {
            try console.start { [weak console] in
                console?.resize(to: TerminalMode.windowSize(of: STDOUT_FILENO))
            }
        } catch {
            output.write("movies: cannot use the terminal: \(error)\n", to: .error)
            journal?.removeIfCreated()
            return .ioError
        }
        screenView?.start()
        let runner = makeRunner(
            viewModel: viewModel, view: presenter, output: runnerOutput, journal: journal,
            numbering: .none, quiet: false, trace: trace)
        showRestoredOrLoad(restored, from: options.statePath, viewModel: viewModel) {
            if let screenView {
                screenView.showMessage(
                    "Restored \(MovieCount.text($0.movies.count)) from \($1.excerpt(limit: 200)).")
            } else {
                lineView?.showRestored($0.movies, from: $1)
            }
        }
        let session = Session(
            viewModel: viewModel, runner: runner, output: runnerOutput, input: console,
            journal: journal, warnsAboutUnsavedEdits: journal == nil, quitActsAtOnce: true)
        let status = await session.run()
        lineView?.detach()
        if let failure = console.close() {
            output.write("movies: cannot restore the terminal: \(failure)\n", to: .error)
            return .ioError
        }
        return status
    }

    /// The command runner of a session, refusing `save` onto a file the session has open (its
    /// state file or its trace).
    private static func makeRunner(
        viewModel: MoviesViewModel, view: any ListPresenter, output: any TextOutput,
        journal: StateFileJournal?, numbering: CommandRunner.Numbering, quiet: Bool,
        trace: TraceWriter?
    ) -> CommandRunner {
        CommandRunner(
            viewModel: viewModel, view: view, output: output, numbering: numbering, quiet: quiet,
            openFile: openFiles(journal: journal, trace: trace))
    }

    /// The session's first list: the one restored from the state file, shown by `show` with the
    /// file's name, or else a fetch of the catalog.
    private static func showRestoredOrLoad(
        _ restored: MoviesState?, from path: FileName?, viewModel: MoviesViewModel,
        show: (MoviesState, FileName) -> Void
    ) {
        if let restored, let path {
            show(restored, path)
        } else {
            viewModel.refresh()
        }
    }

    /// `output`, holding what is drawn for an edit until `journal` has it on disk; on a journal
    /// failure what was held is dropped (the session then ends, and `run` reports it).
    private static func gate(_ output: any TextOutput, for journal: StateFileJournal)
        -> DurableOutput
    {
        let durable = DurableOutput(output: output, journal: journal)
        // Weak: the output holds the journal, so the journal must not hold the output back.
        journal.onFailure = { [weak durable] _ in
            // Rows held for edits that did not reach the disk must never be drawn.
            durable?.discard()
        }
        return durable
    }
}

extension Options.TraceTarget {
    /// The file to write, or `nil` for standard error.
    fileprivate var path: FileName? {
        switch self {
        case .standardError: return nil
        case .file(let path): return path
        }
    }
}
