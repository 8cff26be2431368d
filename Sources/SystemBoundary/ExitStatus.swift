// Role in the data flow: the very last step. How the process ends is one number, and every way out
// takes it from here: the app when a session ends, the terminal layer's signal handlers when a
// signal ends it. The app's `--help` prints the table of them (`ExitStatus+Meaning.swift` words
// it), and a test holds that table equal to the one in docs/COMMANDS.md.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every status the process exits with, in ascending order.
///
/// Where one fits, the number is the one sysexits.h gives it (64 usage, 65 data, 66 no input,
/// 74 I/O), so a script can tell a usage error from an I/O error without reading the message; a
/// signal that ends the process gives 128 + its number, as shells report a death by that signal.
///
/// A command that fails is a rejected command (1), whatever the reason: a `save` onto a full disk
/// or into a missing folder is refused like a position out of range, and the session goes on. 74
/// is for the session's own channels, without which it cannot go on: its input, its output, its
/// state file and its trace.
package enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Every command succeeded (a fetch still in flight at the end does not count against it).
    case success = 0
    /// At least one command was rejected (a `save` that could not write its file among them),
    /// `quit` left commands unrun, or a replayed trace diverged.
    case commandRejected = 1
    /// The last fetch failed, so the list could not be loaded, or the state file could not be
    /// used (damaged, locked, not a file). Takes precedence over `commandRejected`.
    case loadFailed = 2
    /// A bad command-line option, or options that make one file two of the session's files
    /// (`EX_USAGE`).
    case usage = 64
    /// A trace file that is not a trace (`EX_DATAERR`).
    case malformedTrace = 65
    /// A trace file that cannot be opened or read (`EX_NOINPUT`).
    case unreadableTrace = 66
    /// Reading standard input, or writing standard output, standard error, the state file or the
    /// trace failed (`EX_IOERR`): a disk full, a closed descriptor, stdin a directory; or the
    /// limit on open files leaves fewer descriptors than the session needs. Reported once on
    /// stderr while stderr still works.
    case ioError = 74
    /// Ended by SIGHUP (the terminal went away): 128 + SIGHUP.
    case hangUp = 129
    /// Ended by SIGINT (Ctrl-C where it is a signal): 128 + SIGINT.
    case interrupted = 130
    /// Ended by SIGQUIT (Ctrl-\): 128 + SIGQUIT, never with the Swift runtime's crash report.
    case quitSignal = 131
    /// The reader of stdout (or stderr) went away, as `head` does once it has its lines: the
    /// process stops at once, silently. 128 + SIGPIPE, what a shell shows for a process SIGPIPE
    /// killed, so scripts see what they would see from `cat` or `yes`.
    case brokenPipe = 141
    /// Ended by SIGTERM: 128 + SIGTERM.
    case terminated = 143

    /// The signal that ends the process with this status, for the signals a session handles
    /// itself; `nil` for every other status.
    ///
    /// SIGPIPE is not among them: it is ignored, so that a write to a pipe nobody reads fails
    /// with `EPIPE` instead of killing the process mid-write (`brokenPipe` follows from that).
    package var endingSignal: Int32? {
        switch self {
        case .hangUp: SIGHUP
        case .interrupted: SIGINT
        case .quitSignal: SIGQUIT
        case .terminated: SIGTERM
        case .success, .commandRejected, .loadFailed, .usage, .malformedTrace, .unreadableTrace,
            .ioError, .brokenPipe:
            nil
        }
    }

    /// The signals that end a session, each with its status: SIGHUP, SIGINT, SIGQUIT, SIGTERM.
    package static let endingSignals: [Int32] = allCases.compactMap(\.endingSignal)

    /// The status for `signal`, one of `endingSignals`; `terminated` for any other.
    ///
    /// Called from signal handlers, so it only compares numbers: no allocation, no lock.
    package init(endedBy signal: Int32) {
        switch signal {
        case SIGHUP: self = .hangUp
        case SIGINT: self = .interrupted
        case SIGQUIT: self = .quitSignal
        default: self = .terminated
        }
    }
}
