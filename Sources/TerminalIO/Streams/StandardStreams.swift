// Role in the data flow: the `TextOutput` the app really uses. It writes straight to file
// descriptors 1 and 2 with `write(2)`, so each redraw leaves the process at once, and, when a person
// types at a terminal that takes no escape sequences (TERM=dumb), puts the prompt back under
// asynchronous output (the loading indicator, the list arriving). A write that fails is never ignored: it becomes
// an `OutputFailure`, reported once, and the app ends with its status; so does a reader of a pipe
// that leaves while nothing is being written (`watchReaders`).

import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// stdout and stderr of this process.
@MainActor
package final class StandardStreams: TextOutput {
    /// The prompt shown to a person at a terminal that takes no escape sequences.
    private let prompt: String
    /// The line to write on stderr about a failed write, if anyone can be told.
    private let report: @MainActor (OutputFailure) -> String?
    private let interactive: Bool
    private var promptVisible = false
    /// Where `.standard` and `.error` text goes: descriptors 1 and 2, except in tests.
    private let standardOutput: Int32
    private let standardError: Int32

    /// The first write that failed, if any; nothing more is written after it.
    ///
    /// Output that could not be written cannot be taken back, so the session that produced it
    /// must not end as a success: the app exits with a status that says so.
    package private(set) var failure: OutputFailure?

    /// Called once, right after the first write fails (and its report, if any, is written), or
    /// a watched reader leaves.
    package var onFailure: (@MainActor (OutputFailure) -> Void)?

    /// The watches on stdout and stderr, while `watchReaders` keeps them.
    private var watches: [ReaderWatch] = []

    /// - Parameters:
    ///   - interactive: whether a person is typing at a terminal that takes no escape sequences.
    ///     Only then is `prompt` shown, and shown again under output that arrives while it waits;
    ///     output to a pipe or file stays plain, deterministic lines.
    ///   - report: what to tell the user on stderr when a write fails (`nil`: nothing, as when
    ///     stderr itself failed); the app words it, since the app knows what was lost.
    ///   - output: where `.standard` text goes: descriptor 1, or a test's pipe.
    ///   - error: where `.error` text goes: descriptor 2, or a test's pipe.
    package init(
        interactive: Bool, prompt: String,
        report: @escaping @MainActor (OutputFailure) -> String?,
        output: Int32 = STDOUT_FILENO, error: Int32 = STDERR_FILENO
    ) {
        self.interactive = interactive
        self.prompt = prompt
        self.report = report
        standardOutput = output
        standardError = error
    }

    /// Whether both stdin and stdout are terminals.
    package static var isInteractiveTerminal: Bool {
        SystemCall.isTerminal(STDIN_FILENO) && SystemCall.isTerminal(STDOUT_FILENO)
    }

    package func write(_ text: String, to channel: OutputChannel) {
        if promptVisible {
            // Output arriving while the user looks at the prompt: end the prompt's line, write the
            // text, and put the prompt back underneath. No escape sequence: only a terminal that
            // takes none (TERM=dumb) gets this prompt; any other has the app's own input line.
            emit("\n", to: .standard)
        }
        emit(text, to: channel)
        if promptVisible {
            emit(prompt, to: .standard)
        }
    }

    package func showPrompt() {
        guard interactive else { return }
        emit(prompt, to: .standard)
        promptVisible = true
    }

    package func promptAnswered() {
        promptVisible = false
    }

    /// Watches stdout and stderr, those that are pipes or sockets, so that a reader leaving is
    /// a failure at once (`readerGone`, passed to `onFailure`) rather than at the next write,
    /// which may never come while the app waits for input or for a fetch.
    package func watchReaders() {
        guard watches.isEmpty else { return }
        for (channel, descriptor) in [
            (OutputChannel.standard, standardOutput), (.error, standardError),
        ] {
            let watch = ReaderWatch(descriptor: descriptor) { [weak self] in
                Task { @MainActor in self?.fail(.readerGone(channel)) }
            }
            watch.map { watches.append($0) }
        }
    }

    /// Writes `text` to `channel` unless an earlier write failed; a failure is passed to `fail`.
    private func emit(_ text: String, to channel: OutputChannel) {
        guard failure == nil else { return }
        let descriptor =
            switch channel {
            case .standard: standardOutput
            case .error: standardError
            }
        guard let code = SystemCall.writeAll(text, to: descriptor) else { return }
        fail(OutputFailure(channel: channel, errno: code))
    }

    /// Records the first failure, reports it on stderr when that can still help, and passes it to
    /// `onFailure`; nothing is written after it.
    private func fail(_ failure: OutputFailure) {
        guard self.failure == nil else { return }
        self.failure = failure
        watches = []
        if let report = report(failure) {
            // If stderr fails too, there is nobody left to tell; the exit status still says it.
            _ = SystemCall.writeAll(report, to: standardError)
        }
        onFailure?(failure)
    }
}

/// Standard output as the screen view's terminal.
extension StandardStreams: TerminalOutput {
    package func write(_ bytes: String) {
        write(bytes, to: .standard)
    }
}
