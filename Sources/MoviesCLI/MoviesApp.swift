// Role in the data flow: the assembly line. `MoviesApp` reads the options, restores the state file,
// builds the store with its middleware, the view, the command runner and the input, starts the
// first fetch (or shows the restored list), then hands over to the `Session` until `quit` or the
// end of input. The executable only hands it the arguments and a way to build the API.
//
//   stdin ─► InputSource ─► Session ─► CommandRunner ─► MoviesViewModel ─► view ─► stdout

import MoviesCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the movies app.
@MainActor
public enum MoviesApp {
    /// The version printed by `--version`.
    public nonisolated static let version = "1.1.0"

    /// The whole program; returns the exit status.
    ///
    /// Parses `arguments` (including the program name), then runs a session on standard input
    /// and output, or replays a trace.
    ///
    /// - Parameter makeAPI: builds the movie source the options ask for; the CLI never sees how.
    public static func main(
        arguments: [String],
        makeAPI: (Options) -> any MoviesAPI
    ) async -> ExitStatus {
        let interactive = StandardStreams.isInteractiveTerminal
        let output = StandardStreams(interactive: interactive)
        let request: Options.Request
        do {
            request = try Options.parse(Array(arguments.dropFirst()))
        } catch {
            output.write("movies: \(error)\n\n" + HelpText.usage, to: .error)
            return .usage
        }
        switch request {
        case .help:
            output.write(HelpText.usage, to: .standard)
            return .success
        case .version:
            output.write("movies \(version)\n", to: .standard)
            return .success
        case .replay(let path):
            return ReplayRunner.run(path: path, output: output)
        case .run(let options):
            // A reader that goes away must not kill the process mid-write; writes just stop.
            signal(SIGPIPE, SIG_IGN)
            let prompts = interactive && options.commands == nil
            InterruptHandler.install(interactive: prompts)
            let input: any InputSource =
                options.commands.map { ScriptInput(Tokenizer.commands(in: $0)) }
                ?? PipedInput(LineReader.standardInput())
            return await run(
                options: options,
                api: makeAPI(options),
                input: input,
                output: prompts ? output : StandardStreams(interactive: false),
                interactive: prompts
            )
        }
    }

    /// One session: restore or fetch, then run `input` until `quit` or its end.
    ///
    /// At `quit` or end of input the session ends at once, even with a fetch in flight: the
    /// fetch is abandoned, and nothing is drawn after this returns.
    ///
    /// - Parameter journalOpened: called with the state file's journal once it is open (with
    ///   `--state` only), for a caller that reads its figures: the benchmark counts `fsync` calls.
    public static func run(
        options: Options = Options(),
        api: any MoviesAPI,
        input: any InputSource,
        output streams: any TextOutput,
        interactive: Bool,
        journalOpened: (StateFileJournal) -> Void = { _ in }
    ) async -> ExitStatus {
        var journal: StateFileJournal?
        var restored: MoviesState?
        if let path = options.statePath {
            do {
                (journal, restored) = try StateFileJournal.start(path: path)
            } catch {
                streams.write("movies: \(error)\n", to: .error)
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
                streams.write("movies: cannot write the trace \(error)\n", to: .error)
                return .ioError
            }
            trace.map { middleware.append($0) }
        }
        if let journal {
            middleware.append(journal)
            journalOpened(journal)
        }

        let viewModel = MoviesViewModel(
            api: api, state: initial, historyLimit: options.historyLimit, middleware: middleware)
        let output: any TextOutput =
            journal.map { journal in
                let durable = DurableOutput(output: streams, journal: journal)
                journal.onFailure = { error in
                    // Rows held for edits that did not reach the disk must never be drawn.
                    durable.discard()
                    streams.write(
                        "movies: state file \(error); the edits since the last commit are lost\n",
                        to: .error)
                }
                return durable
            } ?? streams
        let view = MoviesViewController(viewModel: viewModel, output: output, quiet: options.quiet)
        defer { view.detach() }
        let runner = CommandRunner(
            viewModel: viewModel,
            view: view,
            output: output,
            numbering: interactive ? .none : options.commands == nil ? .lines : .commands,
            quiet: options.quiet,
            isStateFile: { journal?.isSameFile($0) ?? false }
        )
        if let restored, let path = options.statePath {
            view.showRestored(restored.movies, from: path)
        } else {
            viewModel.refresh()
        }
        let session = Session(
            viewModel: viewModel, runner: runner, output: output, input: input, journal: journal,
            warnsAboutUnsavedEdits: interactive && journal == nil)
        let status = await session.run()
        if interactive, session.endedAtEndOfInput {
            // End of input typed as Ctrl-D: leave the shell's prompt on a line of its own.
            streams.write("\n", to: .standard)
        }
        if let failure = trace?.failure {
            streams.write("movies: cannot write the trace \(failure)\n", to: .error)
            return .ioError
        }
        return status
    }
}

extension Options.TraceTarget {
    /// The file to write, or `nil` for standard error.
    fileprivate var path: String? {
        switch self {
        case .standardError: return nil
        case .file(let path): return path
        }
    }
}
