// Role in the data flow: the last thing the app reports, in words. `ExitStatus` (in SystemBoundary,
// so that the terminal layer's signal handlers exit with it too) says which numbers there are;
// this says what each means to someone running `movies`, once: `--help` prints these lines as
// its exit-status table, and a test holds docs/COMMANDS.md's table equal to them.

import SystemBoundary

extension ExitStatus {
    /// What the status means to a user, in one line (without Markdown: docs/COMMANDS.md adds the
    /// code spans).
    ///
    /// An exhaustive `switch`: a new status does not compile until it says what it means, and
    /// then `--help` shows it and the docs test asks for its row.
    package var meaning: String {
        switch self {
        case .success:
            "every command succeeded (a fetch still in flight at the end does not count against it)"
        case .commandRejected:
            "a command was rejected (a save that could not write its file too), quit left "
                + "commands unrun, or a replay diverged"
        case .loadFailed:
            "the movies could not be loaded: the last fetch failed (this takes precedence over "
                + "1), or the state file could not be used (damaged, locked, not a file), or the "
                + "file --follow names cannot be followed (missing, not a state file)"
        case .usage:
            "bad command-line option, --screen without a terminal that takes escape sequences, "
                + "or two of the session's files are one file (EX_USAGE)"
        case .malformedTrace:
            "--replay: the file is not a trace (EX_DATAERR)"
        case .unreadableTrace:
            "--replay: the file cannot be opened or read (EX_NOINPUT)"
        case .ioError:
            "reading input, or writing output, the state file or the trace failed, or the limit "
                + "on open files is below what the session needs (EX_IOERR); said on stderr while "
                + "stderr works"
        case .hangUp:
            "ended by SIGHUP (the terminal went away)"
        case .interrupted:
            "ended by SIGINT (Ctrl-C where it is a signal: on a pipe, at a TERM=dumb terminal)"
        case .quitSignal:
            "ended by SIGQUIT (Ctrl-\\), in every mode"
        case .brokenPipe:
            "the reader of the output went away (| head), noticed at once: 128 + SIGPIPE"
        case .terminated:
            "ended by SIGTERM"
        }
    }
}
