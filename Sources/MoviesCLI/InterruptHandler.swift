// Role in the data flow: outside it. Ctrl-C must end the app promptly, even while a fetch or a
// blocked read is pending, with the status shells expect, and without leaving the terminal in a
// different state: the app never changes terminal modes, so a newline is all there is to tidy.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns SIGINT into a prompt, clean exit with status 130.
///
/// A plain C signal handler, installed synchronously. A dispatch signal source would need the
/// signal ignored first and registers itself asynchronously after `resume()`, so a Ctrl-C in that
/// window (seen under the address sanitizer, right after `Loading movies…`) was ignored for good.
/// The handler does only what is safe in a signal handler: `write(2)` and `_exit(2)`. Nothing is
/// lost by skipping `exit`'s clean-up: all output is written unbuffered as it is drawn.
enum InterruptHandler {
    /// Installs the handler; at a terminal it also ends the line the `^C` was echoed on.
    static func install(interactive: Bool) {
        if interactive {
            signal(SIGINT, exitAfterNewline)
        } else {
            signal(SIGINT, exitAtOnce)
        }
    }
}

private func exitAtOnce(_: Int32) {
    _exit(ExitStatus.interrupted.rawValue)
}

private func exitAfterNewline(_: Int32) {
    var newline = UInt8(ascii: "\n")
    _ = write(STDOUT_FILENO, &newline, 1)
    _exit(ExitStatus.interrupted.rawValue)
}
