// Role in the data flow: the entrance. `MoviesApp` reads the options and answers `--help`,
// `--version` and `--replay` itself; for a session it picks the frontend (lines on a pipe, a file,
// `-c` or a `TERM=dumb` terminal; a terminal in raw mode otherwise) and hands over to
// `SessionAssembly`, which builds and runs the session the same way on either. The executable only
// hands it the arguments and a way to build the API.
//
//   arguments ─► Options ─► frontend (LineFrontend | TerminalFrontend) ─► SessionAssembly ─► status

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

    /// The whole program, given the arguments as the bytes the process received (file names
    /// are bytes, not always UTF-8), the program's name first; returns the exit status.
    ///
    /// Parses the arguments, then runs a session on standard input and output, or replays a
    /// trace.
    ///
    /// - Parameter makeAPI: builds the movie source the options ask for; the CLI never sees how.
    package static func main(
        argumentBytes arguments: [[UInt8]],
        makeAPI: (Options) -> any MoviesAPI
    ) async -> ExitStatus {
        let interactive = StandardStreams.isInteractiveTerminal
        let output = standardStreams(interactive: interactive)
        // A reader that goes away must not kill the process mid-write: writes fail with EPIPE
        // instead, and the app ends with `.brokenPipe`, silently.
        do {
            try SystemCall.setAction(.ignore, for: SIGPIPE)
        } catch {
            output.write("movies: cannot handle signals: \(error)\n", to: .error)
            return .ioError
        }
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
            // No file is two of a session's files: checked first, before anything else can
            // write to standard error, which may be one of them.
            let status =
                FileRoles.replaying(path).refusal(saidOn: output)
                ?? DescriptorBudget.replay.check(messages: output)
                ?? ReplayRunner.run(path: path, output: output)
            return output.failure?.exitStatus ?? status
        case .run(let options):
            // No file is two of a session's files: checked first, before anything else can
            // write to standard error, which may be one of them (`SessionFiles` asks again once
            // the state file is open).
            if let refused = FileRoles.atStart(of: options).refusal(saidOn: output) {
                return output.failure?.exitStatus ?? refused
            }
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
            // Before anything takes a descriptor, the runtime's event machinery above all.
            let rawMode = interactive && options.commands == nil && !isDumbTerminal
            let budget = DescriptorBudget(session: options, terminal: rawMode)
            if let refused = budget.check(messages: output) {
                return output.failure?.exitStatus ?? refused
            }
            let api = makeAPI(options)
            let streams = standardStreams(interactive: false)
            if rawMode, let mode = TerminalMode.standardInput {
                return await endingWhenOutputFails(streams) {
                    await SessionAssembly.run(
                        options: options, api: api,
                        frontend: TerminalFrontend(
                            mode: mode, screen: options.screen, output: streams))
                }
            }
            // A terminal that cannot take escape sequences (TERM=dumb) gets lines and a prompt.
            let prompts = interactive && options.commands == nil
            do {
                try InterruptHandler.install(interactive: prompts)
            } catch {
                output.write("movies: cannot handle signals: \(error)\n", to: .error)
                return .ioError
            }
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

    /// One session on lines from `input`, its text to `output` (a pipe, a file, a test):
    /// restore or fetch, then run the input until `quit` or its end (see `SessionAssembly.run`).
    ///
    /// - Parameters:
    ///   - interactive: a person typing at a terminal in line mode (`TERM=dumb`).
    ///   - sync: the state file's `fsync`; a test passes one that fails.
    ///   - journalOpened: called with the state file's journal once it is open (with `--state`
    ///     only), for a caller that reads its figures: the benchmark counts `fsync` calls.
    package static func run(
        options: Options = Options(),
        api: any MoviesAPI,
        input: any InputSource,
        output: any TextOutput,
        interactive: Bool,
        sync: FileSync = .system,
        journalOpened: (StateFileJournal) -> Void = { _ in }
    ) async -> ExitStatus {
        await SessionAssembly.run(
            options: options, api: api,
            frontend: LineFrontend(
                input: input, output: output, interactive: interactive, options: options),
            sync: sync, journalOpened: journalOpened)
    }
}
