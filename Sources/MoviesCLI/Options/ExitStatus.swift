// Role in the data flow: the last thing the app reports. `Session` decides the status from the
// session's outcome and the executable exits with it, so scripts can tell what happened.

/// The process's exit statuses, as documented in `--help` and docs/COMMANDS.md.
///
/// Where one fits, the number is the one sysexits.h gives it, so scripts can tell a usage error
/// from an I/O error without reading the message.
package enum ExitStatus: Int32, Sendable {
    /// Every command succeeded (a fetch still in flight at the end does not count against it).
    case success = 0
    /// At least one command was rejected (or a replayed trace diverged).
    case commandRejected = 1
    /// The last fetch failed, so the movies could not be loaded (or the state file could not
    /// be used).
    case loadFailed = 2
    /// A bad command-line option (`EX_USAGE` from sysexits.h).
    case usage = 64
    /// A trace file that is not a trace (`EX_DATAERR`).
    case malformedTrace = 65
    /// A trace file that cannot be opened or read (`EX_NOINPUT`).
    case unreadableTrace = 66
    /// Reading standard input, or writing stdout, stderr or a file, failed (`EX_IOERR`): a disk
    /// full, a closed descriptor, stdin a directory. Reported once on stderr when stderr still
    /// works.
    case ioError = 74
    /// Ended by SIGHUP (the terminal went away), after putting the terminal back: 128 + SIGHUP.
    case hangUp = 129
    /// Interrupted with Ctrl-C (128 + SIGINT, as shells report it).
    case interrupted = 130
    /// Ended by SIGTERM, after putting the terminal back: 128 + SIGTERM.
    case terminated = 143
    /// The reader of stdout (or stderr) went away, as `head` does once it has its lines: the
    /// app stops at once, silently. 128 + SIGPIPE, the status a shell shows for a process that
    /// SIGPIPE killed, so scripts see what they would see from `cat` or `yes`.
    case brokenPipe = 141
}
