// Role in the data flow: the very end of a session, before the exit status. What went wrong with
// the session's own files at its end is said here once, after the session (at a terminal, once the
// screen view has given the main screen back): a state file whose closing fold failed, and what
// the file now holds; a state file whose name came to lead elsewhere; a trace that could not be
// written. A state file that failed during the session was said then; it is said again here only
// after a screen view, whose message line went with its screen.

import MoviesCore
import MoviesFormats
import MoviesViews
import SystemBoundary
import TerminalIO

/// The messages about the session's files, said once the session is over.
///
/// Said here, after the session, rather than where each failure happens: at a terminal the screen
/// view's alternate screen would take a message written during the session away with it, and what
/// a failed closing fold left can be told only once nothing more is written to the file.
@MainActor
enum ClosingReport {
    /// Writes to `messages` what must be said about `journal` and `trace` now that the session
    /// left `movies`; returns `.ioError` when the trace could not be written, else `nil`.
    ///
    /// `saidAlready`: what the session said stays where it was said (the line view), so a state
    /// file that failed during the session is not said twice.
    static func write(
        journal: StateFileJournal?, trace: TraceWriter?, movies: [Movie], saidAlready: Bool,
        to messages: any TextOutput
    ) -> ExitStatus? {
        if let journal, let failure = journal.failure {
            if journal.failedAtTheEnd {
                messages.write(
                    "movies: state file \(failure); \(closingFate(journal, movies))\n",
                    to: .error)
            } else if !saidAlready, let failed = StateFileFailure(journal) {
                messages.write(failed.afterTheSession + "\n", to: .error)
            }
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

    /// What a state file whose closing fold failed holds, read back.
    ///
    /// A failed fold leaves every edit in the file (the old one with its journal, or the new
    /// snapshot), unless the file itself went (removed, or its folder with it). Edits are called
    /// lost only when there were some.
    private static func closingFate(_ journal: StateFileJournal, _ movies: [Movie]) -> String {
        let name = journal.path.excerpt(limit: 200)
        let edits = Counted(journal.editsMade, "edit")
        if journal.restores(movies) {
            return edits.count == 0
                ? "\(name) holds the list, and the next start restores it"
                : "every edit is in \(name), and the next start restores them all"
        }
        return edits.count == 0
            ? "\(name) does not hold the list any more"
            : "\(name) does not hold this session's last edits; they are lost"
    }
}
