// Role in the data flow: the assembly line. `MoviesApp` builds the store, the view and the command
// runner, starts the first fetch, then feeds input lines to the runner until `quit` or end of input.
// The executable only hands it the arguments and a way to build the API.
//
//   stdin ─► LineReader ─► MoviesApp loop ─► CommandRunner ─► MoviesViewModel ─► view ─► stdout

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
    public static let version = "1.0.0"

    /// The whole program; returns the exit status.
    ///
    /// Parses `arguments` (including the program name), then runs a session on standard input
    /// and output.
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
        case .run(let options):
            // A reader that goes away must not kill the process mid-write; writes just stop.
            signal(SIGPIPE, SIG_IGN)
            InterruptHandler.install(interactive: interactive)
            return await run(
                api: makeAPI(options),
                lines: LineReader.standardInput(),
                output: output,
                interactive: interactive
            )
        }
    }

    /// One session: fetch, then run `lines` until `quit` or their end.
    ///
    /// At `quit` or end of input the session ends at once, even with a fetch in flight: the
    /// fetch is abandoned, and nothing is drawn after this returns.
    public static func run(
        api: any MoviesAPI,
        lines: AsyncStream<String>,
        output: any TextOutput,
        interactive: Bool
    ) async -> ExitStatus {
        let viewModel = MoviesViewModel(api: api)
        let view = MoviesViewController(viewModel: viewModel, output: output)
        let runner = CommandRunner(
            viewModel: viewModel,
            view: view,
            output: output,
            numbersLines: !interactive
        )
        defer { view.detach() }
        viewModel.refresh()
        var number = 0
        output.showPrompt()
        for await line in lines {
            output.promptAnswered()
            number += 1
            if await runner.run(line, number: number) == .quit {
                return runner.exitStatus
            }
            output.showPrompt()
        }
        if interactive {
            // End of input typed as Ctrl-D: leave the shell's prompt on a line of its own.
            output.promptAnswered()
            output.write("\n", to: .standard)
        }
        return runner.exitStatus
    }
}
