// Role in the data flow: the assembly line. `MoviesApp` builds the store, the view and the command
// runner, starts the first fetch, then feeds input lines to the runner until `quit` or end of input
// (or until input or output fails). The executable only hands it the arguments and a way to build
// the API.
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
        // A reader that goes away must not kill the process mid-write: writes fail with EPIPE
        // instead, and the app ends with `.brokenPipe`, silently.
        signal(SIGPIPE, SIG_IGN)
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
            return output.failure?.exitStatus ?? .success
        case .version:
            output.write("movies \(version)\n", to: .standard)
            return output.failure?.exitStatus ?? .success
        case .run(let options):
            InterruptHandler.install(interactive: interactive)
            let api = makeAPI(options)
            return await endingWhenOutputFails(output) {
                await run(
                    api: api,
                    input: LineReader.standardInput(),
                    output: output,
                    interactive: interactive
                )
            }
        }
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
        let status = await task.value
        return output.failure?.exitStatus ?? status
    }

    /// One session: fetch, then run the lines of `input` until `quit` or their end.
    ///
    /// At `quit` or end of input the session ends at once, even with a fetch in flight: the
    /// fetch is abandoned, and nothing is drawn after this returns. A line that is too long or
    /// not UTF-8 is rejected like a bad command; a read error ends the session with `.ioError`.
    public static func run(
        api: any MoviesAPI,
        input: LineReader,
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
        for await event in input {
            output.promptAnswered()
            number += 1
            switch event {
            case .line(let line):
                if await runner.run(line, number: number) == .quit {
                    return runner.exitStatus
                }
            case .lineTooLong(let limit):
                runner.reject(ErrorMessage.lineTooLong(limit: limit), line: number)
            case .invalidUTF8(let invalid):
                runner.reject(ErrorMessage.invalidUTF8(invalid), line: number)
            case .readError(let code):
                output.write(ErrorMessage.readFailure(code), to: .error)
                return .ioError
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
