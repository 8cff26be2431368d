// Role in the data flow: the very end of a session, before the exit status. What went wrong with
// the session's own files is said here once, after the session (at a terminal, once the screen
// view has given the main screen back): a state file that failed, and what the file now holds; a
// state file whose name came to lead elsewhere; a trace that could not be written.

import MoviesCore
import MoviesFormats
import SystemBoundary
import TerminalIO

/// The messages about the session's files, said once the session is over.
///
/// Said here, after the session, rather than where each failure happens: at a terminal the screen
/// view's alternate screen would take a message written during the session away with it, and what
/// a failed state file still holds can be told only once nothing more is written to it.
@MainActor
enum ClosingReport {
    /// Writes to `messages` what must be said about `journal` and `trace` now that the session
    /// left `movies`; returns `.ioError` when the trace could not be written, else `nil`.
    static func write(
        journal: StateFileJournal?, trace: TraceWriter?, movies: [Movie],
        to messages: any TextOutput
    ) -> ExitStatus? {
        if let journal, let failure = journal.failure {
            // Said from what the file holds now, read back: a failed closing fold leaves every
            // edit in the file (the old one with its journal, or the new snapshot).
            let name = journal.path.excerpt(limit: 200)
            let fate =
                journal.restores(movies)
                ? "every edit is in \(name), and the next start restores them all"
                : "\(name) does not hold this session's last edits; they are lost"
            messages.write("movies: state file \(failure); \(fate)\n", to: .error)
        }
        if let journal, journal.failure == nil, journal.nameLeadsElsewhere {
            let name = journal.path.excerpt(limit: 200)
            messages.write(
                "movies: state file \(name) no longer leads to the file this session held; its "
                    + "list is in \(journal.heldFile.excerpt(limit: 200)), and what \(name) leads "
                    + "to now was left as it is\n", to: .error)
        }
        if let failure = trace?.failure {
            messages.write("movies: cannot write the trace \(failure)\n", to: .error)
            return .ioError
        }
        return nil
    }
}
