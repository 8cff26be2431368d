// Role in the data flow: outside it, around the whole session at a terminal. Before the first key
// is read the app switches the terminal to raw mode, so keys arrive one by one and unechoed; on
// every way out (quit, end of input, a signal, Ctrl-Z) it puts the terminal back exactly as it was
// found. The window size tells the input line and the screen view how wide to draw.

import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A terminal's settings as the app found them, raw mode, and the window size.
///
/// Raw mode is what a line editor needs: no echo (the app draws what was typed), no canonical
/// line editing (each key is readable at once, not after Enter), no signals from keys (Ctrl-C and
/// Ctrl-Z arrive as bytes, so Ctrl-C can clear the line and Ctrl-Z can restore the terminal
/// before stopping), no CR-to-LF translation and no flow control (Ctrl-S would freeze output).
/// Output processing (`OPOST`, `ONLCR`) stays on: every view writes lines ending in `"\n"`, and
/// with it off the terminal would move down without returning to the first column, so every
/// line would start where the previous one ended.
package struct TerminalMode: Sendable {
    /// The size of a terminal window in character cells.
    package struct WindowSize: Equatable, Sendable {
        package var rows: Int
        package var columns: Int

        package init(rows: Int, columns: Int) {
            self.rows = rows
            self.columns = columns
        }

        /// What a terminal that does not say is taken to be.
        package static let fallback = WindowSize(rows: 24, columns: 80)
    }

    /// The terminal modes beyond termios that the app may have changed.
    ///
    /// `bytes` change them back. A signal handler writes them before exiting, and so should
    /// every other way out.
    package enum Reset: Sendable {
        /// The input line: bracketed paste off.
        case line
        /// The screen view: bracketed paste off, cursor shown, back to the main screen.
        case screen

        /// The bytes to write; a `StaticString`, so a signal handler can write them without
        /// allocating.
        package var bytes: StaticString {
            switch self {
            case .line: "\u{1B}[?2004l"
            case .screen: "\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"
            }
        }
    }

    /// The terminal's file descriptor.
    fileprivate let descriptor: Int32
    /// Its settings when this value was made.
    package let original: termios

    /// Reads the settings of the terminal on `descriptor`; throws when it is not a terminal.
    package init(descriptor: Int32) throws(SystemCallError) {
        original = try SystemCall.terminalSettings(of: descriptor)
        self.descriptor = descriptor
    }

    /// Standard input's terminal as it was the first time anything asked, or `nil` when standard
    /// input is not a terminal.
    ///
    /// Captured once per process, so that entering raw mode twice can never make raw mode look
    /// like the original; the signal handlers restore this.
    package static var standardInput: TerminalMode? { capturedStandardInput }

    /// Switches the terminal to raw mode (see the type's documentation), as a job of the shell:
    /// from the background, the process stops first ("Stopped (tty output)") and takes raw mode
    /// once `fg` has brought it to the foreground; it never takes it from the background.
    ///
    /// Throws `EIO` when nothing can bring the job to the foreground
    /// (`JobControl.waitForForeground`).
    package func enterRawMode() throws(SystemCallError) {
        guard JobControl.waitForForeground(of: descriptor, stoppingWith: SIGTTOU) else {
            throw SystemCallError(call: "tcsetattr", code: EIO)
        }
        try apply(Self.rawSettings(from: original))
    }

    /// Whether this process's job is in the terminal's foreground.
    ///
    /// The foreground job is the only one that may draw on the terminal, read it or change its
    /// settings (`JobControl.isInBackground`). Async-signal-safe.
    var isForegroundJob: Bool {
        !JobControl.isInBackground(descriptor)
    }

    /// Whether the app holds the terminal as `enterRawMode` left it: in the foreground, in raw
    /// mode.
    ///
    /// A stop gives the terminal back (the handler restores it, or the shell puts its own
    /// settings back when a job stops), so a continue that finds this true had nothing taken
    /// from it: the continue of a stop that ended inside `enterRawMode`, say.
    var holdsTerminal: Bool {
        guard isForegroundJob, let now = try? SystemCall.terminalSettings(of: descriptor) else {
            return false
        }
        let raw = Self.rawSettings(from: original)
        return now.c_iflag == raw.c_iflag && now.c_lflag == raw.c_lflag
    }

    /// Puts back the settings found at `init`, every field of them.
    package func restore() throws(SystemCallError) {
        try apply(original)
    }

    /// `original` with raw mode's changes.
    ///
    /// Echo, canonical mode, signal keys, input translation and flow control are off, and reads
    /// return as soon as one byte is there. Output processing and the control settings
    /// (`c_cflag`: speed, character size) are left as they were.
    package static func rawSettings(from original: termios) -> termios {
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INLCR | IGNCR | INPCK | ISTRIP | IXON | PARMRK)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        return raw
    }

    /// The size of the window of the terminal on `descriptor`, or `WindowSize.fallback` when it
    /// is not a terminal or reports no size (a pseudo-terminal nobody sized reports 0 × 0).
    package static func windowSize(of descriptor: Int32) -> WindowSize {
        guard let size = try? SystemCall.windowSize(of: descriptor), size.ws_row > 0,
            size.ws_col > 0
        else { return .fallback }
        return WindowSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
    }

    /// Installs handlers for `signals` that restore standard input's terminal, write `reset`'s
    /// bytes and exit with the signal's `ExitStatus` (128 + its number, as shells report a death
    /// by that signal).
    ///
    /// For the signals that end a session (`InterruptHandler.signals`: SIGTERM, SIGHUP, SIGQUIT,
    /// and SIGINT sent from outside, since in raw mode Ctrl-C is a byte, not a signal). Installing again replaces the handlers, so an app switching between the line and
    /// the screen view installs the matching reset each time. The handlers do only what is
    /// async-signal-safe: `tcsetattr`, `write` and `_exit`. What they restore is captured before
    /// they are installed, in a global constant, so a handler never runs an initializer.
    static func installExitHandlers(for signals: [Int32], reset: Reset)
        throws(SystemCallError)
    {
        _ = capturedStandardInput
        let handler: @convention(c) (Int32) -> Void =
            switch reset {
            case .line: restoreLineAndExit
            case .screen: restoreScreenAndExit
            }
        for number in signals {
            // Stops held back while it runs: see `JobControl`.
            try SystemCall.setAction(
                .handler(handler), for: number, blocking: SystemCall.stopSignals)
        }
    }

    /// Installs a SIGTSTP handler that restores standard input's terminal, writes `reset`'s
    /// bytes and then stops the process as SIGTSTP's default action would; when the process is
    /// continued, the handler installs itself again and returns.
    ///
    /// For a stop from outside (`kill -TSTP`) as much as for Ctrl-Z, which the app handles by
    /// raising SIGTSTP: either way the shell gets its terminal back in the state it left it. Going
    /// back into raw mode is the app's job, on SIGCONT. Async-signal-safe calls only.
    static func installSuspendHandler(reset: Reset) throws(SystemCallError) {
        _ = capturedStandardInput
        let handler: @convention(c) (Int32) -> Void =
            switch reset {
            case .line: restoreLineAndStop
            case .screen: restoreScreenAndStop
            }
        try SystemCall.setAction(.handler(handler), for: SIGTSTP)
    }

    private func apply(_ settings: termios) throws(SystemCallError) {
        try SystemCall.setTerminalSettings(settings, of: descriptor)
    }
}

/// Standard input's terminal, captured the first time it is read.
///
/// See `TerminalMode.standardInput`. A global constant of a `Sendable` type: safe to read from a
/// signal handler once initialized, which `installExitHandlers` makes sure of first.
private let capturedStandardInput: TerminalMode? = try? TerminalMode(descriptor: STDIN_FILENO)

private func restoreLineAndExit(_ signal: Int32) {
    restoreFromSignalHandler(writing: TerminalMode.Reset.line.bytes)
    // Clear the row the input line was on, so the shell's "Terminated" does not land on it.
    restoreFromSignalHandler(writing: "\r\u{1B}[J")
    _exit(ExitStatus(endedBy: signal).rawValue)
}

private func restoreLineAndStop(_ signal: Int32) {
    restoreFromSignalHandler(writing: TerminalMode.Reset.line.bytes)
    // A stop sent from outside (`kill -TSTP`) comes without Ctrl-Z's `takeDown`: clear the input
    // line's row here too, as on exit, so the shell's "Stopped" line does not land below a stale
    // copy of it. After Ctrl-Z the row is already clear.
    restoreFromSignalHandler(writing: "\r\u{1B}[J")
    stopAndReinstall(restoreLineAndStop)
}

private func restoreScreenAndStop(_ signal: Int32) {
    restoreFromSignalHandler(writing: TerminalMode.Reset.screen.bytes)
    stopAndReinstall(restoreScreenAndStop)
}

/// Stops the process with SIGTSTP's default action, then, once it is continued, puts `handler`
/// back for the next stop.
///
/// Best effort, as all a signal handler does: it has nobody to report a failure to (and these
/// calls fail only for a number that is no signal).
private func stopAndReinstall(_ handler: @convention(c) (Int32) -> Void) {
    try? SystemCall.setAction(.systemDefault, for: SIGTSTP)
    // A handler runs with its own signal blocked: unblock it, or the stop would wait until the
    // handler returned, and the handler would be back in place by then.
    try? SystemCall.unblock(SIGTSTP)
    try? SystemCall.raise(SIGTSTP)
    try? SystemCall.setAction(.handler(handler), for: SIGTSTP)
}

private func restoreScreenAndExit(_ signal: Int32) {
    restoreFromSignalHandler(writing: TerminalMode.Reset.screen.bytes)
    _exit(ExitStatus(endedBy: signal).rawValue)
}

/// Writes `reset` to stdout and restores standard input's terminal, when the process's job is
/// in the terminal's foreground.
///
/// In the background the terminal is the shell's (or another job's): a signal that ends or stops
/// the app there (`kill %1` on a stopped job sends SIGTERM and SIGCONT) must neither write on it
/// nor set its settings, and setting them would stop the process in the handler (SIGTTOU) instead
/// of letting it end. Async-signal-safe calls only. Best effort: a signal handler has nobody to
/// report a failure to.
private func restoreFromSignalHandler(writing reset: StaticString) {
    guard let terminal = capturedStandardInput, terminal.isForegroundJob else { return }
    _ = SystemCall.writeAll(
        UnsafeRawBufferPointer(start: reset.utf8Start, count: reset.utf8CodeUnitCount),
        to: STDOUT_FILENO)
    try? SystemCall.setTerminalSettings(terminal.original, of: terminal.descriptor)
}
