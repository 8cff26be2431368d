// Role in the data flow: the entrance. `MoviesApp` reads the options and answers `--help`,
// `--version` and `--replay` itself, and checks everything that may refuse a session, on the main
// thread before the runtime starts one of its own (`start`); for a session it then picks the
// frontend (lines on a pipe, a file, `-c` or a `TERM=dumb` terminal; a terminal in raw mode
// otherwise) and hands over to `SessionAssembly`, which builds and runs the session the same way
// on either (`run`). The executable only hands it the arguments and a way to build the API.
//
//   arguments ─► start: Options, checks ─► run: frontend (LineFrontend | TerminalFrontend)
//     ─► SessionAssembly ─► status

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

    /// What the process does once its arguments are read: end now, or run a session.
    package enum Start {
        /// Done already (`--help`, `--version`, a replay, or a start refused): end with this.
        case finished(ExitStatus)
        /// A session that passed every check of the start: run it with `run(_:makeAPI:)`.
        case session(SessionStart)
    }

    /// A session that passed every check of the start, and how it is to run.
    package struct SessionStart {
        let options: Options
        /// Whether stdin and stdout are a terminal.
        let interactive: Bool
        /// Whether the session takes the terminal in raw mode (else it reads lines).
        let rawMode: Bool
        /// The process's stdout and stderr, with a prompt when a person types at a terminal.
        let output: StandardStreams
    }

    /// Everything the process does before the runtime starts a thread, given the arguments as
    /// the bytes the process received (file names are bytes, not always UTF-8), the program's
    /// name first: the options read, `--help`, `--version` and `--replay` answered, and every
    /// check that may refuse a session.
    ///
    /// Run on the main thread before anything else: a start refused for its files (one of which
    /// may be standard error), for the limit on open files, or for the limit on address space
    /// must be refused before the runtime takes descriptors, maps stacks or writes anything.
    package static func start(argumentBytes arguments: [[UInt8]]) -> Start {
        let interactive = StandardStreams.isInteractiveTerminal
        let output = standardStreams(interactive: interactive)
        // A reader that goes away must not kill the process mid-write: writes fail with EPIPE
        // instead, and the app ends with `.brokenPipe`, silently.
        do {
            try SystemCall.setAction(.ignore, for: SIGPIPE)
        } catch {
            output.write("movies: cannot handle signals: \(error)\n", to: .error)
            return .finished(.ioError)
        }
        let request: Options.Request
        do {
            request = try Options.parse(bytes: Array(arguments.dropFirst()))
        } catch {
            output.write("movies: \(error)\n\n" + HelpText.usage, to: .error)
            return .finished(.usage)
        }
        switch request {
        case .help:
            output.write(HelpText.usage, to: .standard)
            return .finished(output.failure?.exitStatus ?? .success)
        case .version:
            output.write("movies \(version)\n", to: .standard)
            return .finished(output.failure?.exitStatus ?? .success)
        case .replay(let path):
            // No file is two of a session's files: checked first, before anything else can
            // write to standard error, which may be one of them.
            let room = AddressSpaceBudget.replay(
                of: path, maximumLineBytes: ReplayRunner.maximumLineBytes)
            let status =
                FileRoles.replaying(path).refusal(saidOn: output)
                ?? DescriptorBudget.replay.check(messages: output)
                ?? room.check(messages: output)
                ?? ReplayRunner.run(path: path, output: output)
            return .finished(output.failure?.exitStatus ?? status)
        case .run(let options):
            let rawMode = interactive && options.commands == nil && !isDumbTerminal
            if let refused = refusal(
                of: options, interactive: interactive, rawMode: rawMode, output: output)
            {
                return .finished(output.failure?.exitStatus ?? refused)
            }
            return .session(
                SessionStart(
                    options: options, interactive: interactive, rawMode: rawMode, output: output))
        }
    }

    /// Why a session with `options` may not start, said on `output`; `nil` when it may.
    ///
    /// In this order: no file is two of a session's files (first, before anything else can
    /// write to standard error, which may be one of them; `SessionFiles` asks again once the
    /// state file is open), `--screen`'s terminal, the limit on open files, the limit on address
    /// space.
    private static func refusal(
        of options: Options, interactive: Bool, rawMode: Bool, output: StandardStreams
    ) -> ExitStatus? {
        if let refused = FileRoles.atStart(of: options).refusal(saidOn: output) {
            return refused
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
        return DescriptorBudget(session: options, terminal: rawMode).check(messages: output)
            ?? AddressSpaceBudget(session: options).check(messages: output)
    }

    /// Runs a session that passed the checks of the start (`start(argumentBytes:)`) on standard
    /// input and output; returns the exit status.
    ///
    /// - Parameter makeAPI: builds the movie source the options ask for; the CLI never sees how.
    package static func run(
        _ session: SessionStart, makeAPI: (Options) -> any MoviesAPI
    ) async -> ExitStatus {
        let options = session.options
        let api = makeAPI(options)
        let streams = standardStreams(interactive: false)
        if session.rawMode, let mode = TerminalMode.standardInput {
            return await endingWhenOutputFails(streams) {
                await SessionAssembly.run(
                    options: options, api: api,
                    frontend: TerminalFrontend(mode: mode, screen: options.screen, output: streams))
            }
        }
        // A terminal that cannot take escape sequences (TERM=dumb) gets lines and a prompt.
        let prompts = session.interactive && options.commands == nil
        let output = session.output
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
                options: options, api: api, input: input, output: lines, interactive: prompts)
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
