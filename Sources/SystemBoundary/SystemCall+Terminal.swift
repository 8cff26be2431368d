// Role in the data flow: around a session at a terminal. Whether standard input and output are a
// terminal decides the frontend; raw mode is a change of the terminal's settings, put back on every
// way out; the window's size tells the input line and the screen view how wide to draw.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemCall {
    /// `isatty(3)`: whether `descriptor` is open on a terminal.
    ///
    /// Its "no" (`ENOTTY`, or `EBADF` for a closed descriptor) is the answer, not an error.
    package static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// `tcgetattr(3)`: the settings of the terminal on `descriptor`.
    package static func terminalSettings(of descriptor: Int32) throws(SystemCallError) -> termios {
        var settings = termios()
        _ = try checked("tcgetattr") { tcgetattr(descriptor, &settings) }
        return settings
    }

    /// `tcsetattr(3)` with `TCSANOW`: gives the terminal on `descriptor` the settings `settings`
    /// at once.
    ///
    /// Async-signal-safe, as the call itself is: the signal handlers that give the terminal back
    /// call it.
    package static func setTerminalSettings(_ settings: termios, of descriptor: Int32)
        throws(SystemCallError)
    {
        var settings = settings
        _ = try checked("tcsetattr") { tcsetattr(descriptor, TCSANOW, &settings) }
    }

    /// `ioctl(2)` `TIOCGWINSZ`: the size of the window of the terminal on `descriptor`.
    package static func windowSize(of descriptor: Int32) throws(SystemCallError) -> winsize {
        var size = winsize()
        _ = try checked("ioctl") { ioctl(descriptor, UInt(TIOCGWINSZ), &size) }
        return size
    }

    /// `ioctl(2)` `TIOCSWINSZ`: sets the size of the window of the terminal on `descriptor`, as an
    /// emulator does when its window is resized (the kernel then sends SIGWINCH).
    package static func setWindowSize(_ size: winsize, of descriptor: Int32)
        throws(SystemCallError)
    {
        var size = size
        _ = try checked("ioctl") { ioctl(descriptor, UInt(TIOCSWINSZ), &size) }
    }
}
