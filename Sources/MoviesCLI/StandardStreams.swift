// Role in the data flow: the `TextOutput` the app really uses. It writes straight to file
// descriptors 1 and 2 with `write(2)`, so each redraw leaves the process at once, and, when a person
// types at a terminal that takes no escape sequences (TERM=dumb), puts the prompt back under
// asynchronous output (the loading indicator, the list arriving). A write that fails is never ignored: it becomes
// an `OutputFailure`, reported once, and the app ends with its status.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// stdout and stderr of this process.
@MainActor
public final class StandardStreams: TextOutput {
    /// The prompt shown to a person at a terminal.
    public static let prompt = "movies> "

    private let interactive: Bool
    private var promptVisible = false
    /// Where `.standard` and `.error` text goes: descriptors 1 and 2, except in tests.
    private let standardOutput: Int32
    private let standardError: Int32

    /// The first write that failed, if any; nothing more is written after it.
    ///
    /// Output that could not be written cannot be taken back, so the session that produced it
    /// must not end as a success: `MoviesApp` exits with `failure.exitStatus`.
    public private(set) var failure: OutputFailure?

    /// Called once, right after the first write fails (and its report, if any, is written).
    public var onFailure: (@MainActor (OutputFailure) -> Void)?

    /// - Parameter interactive: whether a person is typing at a terminal that takes no escape
    ///   sequences. Only then is a prompt shown, and shown again under output that arrives while
    ///   it waits; output to a pipe or file stays plain, deterministic lines.
    public convenience init(interactive: Bool) {
        self.init(interactive: interactive, output: STDOUT_FILENO, error: STDERR_FILENO)
    }

    /// Streams writing to `output` and `error` instead of descriptors 1 and 2, so a test can
    /// read back what arrived through a pipe or a pseudo-terminal of its own.
    init(interactive: Bool, output: Int32, error: Int32) {
        self.interactive = interactive
        standardOutput = output
        standardError = error
    }

    /// Whether both stdin and stdout are terminals.
    public static var isInteractiveTerminal: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    public func write(_ text: String, to channel: OutputChannel) {
        if promptVisible {
            // Output arriving while the user looks at the prompt: end the prompt's line, write the
            // text, and put the prompt back underneath. No escape sequence: only a terminal that
            // takes none (TERM=dumb) gets this prompt; any other has the app's own input line.
            emit("\n", to: .standard)
        }
        emit(text, to: channel)
        if promptVisible {
            emit(Self.prompt, to: .standard)
        }
    }

    public func showPrompt() {
        guard interactive else { return }
        emit(Self.prompt, to: .standard)
        promptVisible = true
    }

    public func promptAnswered() {
        promptVisible = false
    }

    /// Writes `text` to `channel` unless an earlier write failed; the first failure is recorded,
    /// reported on stderr when that can still help, and passed to `onFailure`.
    private func emit(_ text: String, to channel: OutputChannel) {
        guard failure == nil else { return }
        let descriptor =
            switch channel {
            case .standard: standardOutput
            case .error: standardError
            }
        guard let code = writeAll(text, to: descriptor) else { return }
        let failure = OutputFailure(channel: channel, errno: code)
        self.failure = failure
        if let report = failure.report {
            // If stderr fails too, there is nobody left to tell; the exit status still says it.
            _ = writeAll(report, to: standardError)
        }
        onFailure?(failure)
    }
}

/// Writes all of `text`, retrying after signals and partial writes, and waiting while a
/// non-blocking descriptor is full; returns the `errno` of a write that failed, or `nil`.
///
/// With `SIGPIPE` ignored (the app ignores it), a reader that went away shows up here as `EPIPE`
/// instead of killing the process in the middle of a write.
private func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
    var text = text
    return text.withUTF8 { buffer -> Int32? in
        guard let base = buffer.baseAddress else { return nil }
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, base + offset, buffer.count - offset)
            if written > 0 {
                offset += written
                continue
            }
            // `write` returns 0 only for a request of 0 bytes, which this loop never makes.
            let code = written == 0 ? EIO : errno
            guard InterruptedCall.shouldRetry(after: code, on: descriptor, waitingFor: POLLOUT)
            else { return code }
        }
        return nil
    }
}

/// Standard output as the screen view's terminal.
extension StandardStreams: TerminalOutput {
    public func write(_ bytes: String) {
        write(bytes, to: .standard)
    }
}
