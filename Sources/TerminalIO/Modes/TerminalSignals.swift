// Role in the data flow: outside it, around a session at a terminal. Signals that end the process
// put the terminal back as it was found before it goes; a stop (Ctrl-Z, or SIGTSTP from outside)
// puts it back before stopping, and the continue after `fg` re-enters raw mode and redraws; a
// window resize tells the display its new size.

import Dispatch
import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signal handling of a session in raw mode.
///
/// Exits and stops are plain C handlers, because they must work whatever the app is doing (even
/// blocked): they call only async-signal-safe functions. Continuing and resizing need the app's
/// state, so they arrive as dispatch sources on the main queue, where the console runs.
@MainActor
final class TerminalSignals {
    private var sources: [any DispatchSourceSignal] = []

    /// Installs the handlers; `onContinue` and `onResize` run on the main actor.
    init(
        reset: TerminalMode.Reset,
        onContinue: @escaping @MainActor () -> Void,
        onResize: @escaping @MainActor () -> Void
    ) throws(SystemCallError) {
        try TerminalMode.installExitHandlers(for: InterruptHandler.signals, reset: reset)
        try TerminalMode.installSuspendHandler(reset: reset)
        for (number, action) in [(SIGCONT, onContinue), (SIGWINCH, onResize)] {
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler {
                MainActor.assumeIsolated { action() }
            }
            source.resume()
            sources.append(source)
        }
        // No `signal(SIGWINCH, SIG_IGN)` here: the default action of SIGWINCH and SIGCONT is to
        // ignore them anyway, and on Linux the source catches its signal with a handler of
        // libdispatch's own, installed when the source registers on dispatch's manager thread.
        // Setting SIG_IGN after `resume()` raced with that registration: when it came second, it
        // replaced the handler and every resize was lost (about one start in eight).
    }

    /// Removes the continue and resize sources (the exit handlers stay until the process ends).
    func cancel() throws(SystemCallError) {
        for source in sources { source.cancel() }
        sources = []
        try SystemCall.setAction(.systemDefault, for: SIGTSTP)
    }

    /// Ends the process as Ctrl-\ would at a cooked terminal: the SIGQUIT handler restores the
    /// terminal and exits with `ExitStatus.quitSignal` (131), as a SIGQUIT from outside does.
    static func quit() throws(SystemCallError) {
        // To the process, not to this thread (see `stop`).
        try SystemCall.send(SIGQUIT, to: SystemCall.processID)
    }

    /// Stops the process as Ctrl-Z would at a cooked terminal: the SIGTSTP handler restores the
    /// terminal first, and `onContinue` takes over when the shell continues the process.
    static func stop() throws(SystemCallError) {
        // To the process, not to this thread: the main actor runs on a dispatch worker thread,
        // which blocks signals (they are meant for the main thread), so `raise` would leave the
        // stop pending there for ever.
        try SystemCall.send(SIGTSTP, to: SystemCall.processID)
    }
}
