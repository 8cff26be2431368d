// Role in the data flow: the `TextOutput` the app really uses. It writes straight to file
// descriptors 1 and 2 with `write(2)`, so each redraw leaves the process at once, and, when a person
// is typing at a terminal, keeps the prompt on the last line while asynchronous output (the loading
// indicator, the list arriving) appears above it.

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

    /// - Parameter interactive: whether a person is typing at a terminal. Only then is a prompt
    ///   shown and redrawn (with the one terminal escape used anywhere, "clear to end of line");
    ///   output to a pipe or file stays plain, deterministic lines.
    public init(interactive: Bool) {
        self.interactive = interactive
    }

    /// Whether both stdin and stdout are terminals.
    public static var isInteractiveTerminal: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    public func write(_ text: String, to channel: OutputChannel) {
        if promptVisible {
            // Output arriving while the user looks at the prompt: clear the prompt line, write the
            // text, and put the prompt back underneath.
            writeAll("\r\u{1B}[K", to: STDOUT_FILENO)
        }
        switch channel {
        case .standard: writeAll(text, to: STDOUT_FILENO)
        case .error: writeAll(text, to: STDERR_FILENO)
        }
        if promptVisible {
            writeAll(Self.prompt, to: STDOUT_FILENO)
        }
    }

    public func showPrompt() {
        guard interactive else { return }
        writeAll(Self.prompt, to: STDOUT_FILENO)
        promptVisible = true
    }

    public func promptAnswered() {
        promptVisible = false
    }
}

/// Writes all of `text`, retrying after signals and partial writes.
///
/// A closed pipe (`EPIPE`, with `SIGPIPE` ignored by the app) ends the write quietly: the
/// reader is gone, and there is nobody left to tell.
private func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { buffer in
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, base + offset, buffer.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
