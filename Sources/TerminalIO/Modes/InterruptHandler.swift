// Role in the data flow: outside it, for a session on pipes or a `TERM=dumb` terminal (a session in
// raw mode has `TerminalSignals`), and for the whole process from the first statement of `main`.
// Ctrl-C, Ctrl-\, SIGTERM and SIGHUP must end the app promptly, even while a fetch or a blocked
// read is pending, with the status shells expect (`ExitStatus(endedBy:)`: 128 + the signal), and
// without leaving a half-written prompt line behind.

import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns SIGINT, SIGTERM, SIGHUP and SIGQUIT into a prompt, clean exit with the signal's
/// `ExitStatus` (128 + the signal).
///
/// Plain C signal handlers, installed synchronously. A dispatch signal source would need the
/// signal ignored first and registers itself asynchronously after `resume()`, so a Ctrl-C in that
/// window (seen under the address sanitizer, right after the first output) was ignored for good.
/// The handlers do only what is safe in a signal handler: `write(2)` and `_exit(2)`. Nothing is
/// lost by skipping `exit`'s clean-up: all output is written unbuffered as it is drawn, and an
/// app that must keep something on disk does so before it draws (the app's state file does).
package enum InterruptHandler {
    /// The signals that end a session: those `ExitStatus` has a status for.
    ///
    /// SIGQUIT (Ctrl-\) among them: the Swift runtime's backtracer installs its own SIGQUIT
    /// handler before `main`, which prints a crash report ("Program crashed", or a prompt waiting
    /// 30 seconds at a terminal) and lets the session go on; `signal` here replaces it.
    static let signals = ExitStatus.endingSignals

    /// Installs the handlers; at a terminal they also end the line the prompt (and `^C`) was on.
    ///
    /// The executable calls it with `interactive` false as its very first statement, so that a
    /// signal from the first instruction of `main` on ends the process with its status and never
    /// reaches the runtime's crash reporter; the app installs the handlers it needs later, over
    /// these.
    package static func install(interactive: Bool) throws(SystemCallError) {
        let handler: @convention(c) (Int32) -> Void = interactive ? exitAfterNewline : exitAtOnce
        for number in signals {
            // Stops held back while it runs, so a stop asked for at the same moment cannot
            // catch the process inside it (`JobControl`).
            try SystemCall.setAction(
                .handler(handler), for: number, blocking: SystemCall.stopSignals)
        }
    }
}

private func exitAtOnce(_ signal: Int32) {
    _exit(ExitStatus(endedBy: signal).rawValue)
}

private func exitAfterNewline(_ signal: Int32) {
    // Best effort: a signal handler has nobody to report a failed write to.
    let newline: StaticString = "\n"
    _ = SystemCall.writeAll(
        UnsafeRawBufferPointer(start: newline.utf8Start, count: newline.utf8CodeUnitCount),
        to: STDOUT_FILENO)
    _exit(ExitStatus(endedBy: signal).rawValue)
}
