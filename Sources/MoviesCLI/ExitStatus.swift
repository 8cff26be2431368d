// Role in the data flow: the last thing the app reports. `InputLoop` decides the status from the
// session's outcome and the executable exits with it, so scripts can tell what happened.

/// The process's exit statuses, as documented in `--help` and the README.
public enum ExitStatus: Int32, Sendable {
    /// Every command succeeded (a fetch still in flight at the end does not count against it).
    case success = 0
    /// At least one command was rejected.
    case commandRejected = 1
    /// The last fetch failed, so the movies could not be loaded.
    case loadFailed = 2
    /// A bad command-line option (`EX_USAGE` from sysexits.h).
    case usage = 64
    /// Interrupted with Ctrl-C (128 + SIGINT, as shells report it).
    case interrupted = 130
}
