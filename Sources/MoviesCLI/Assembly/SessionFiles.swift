// Role in the data flow: before the store exists. The files a session works on are opened first:
// the state file, locked and restored, whose list the store starts from, and the trace, which
// records every action from the first; or, for a follower, the state file another session keeps,
// read-only. A file that cannot be used, or that is another of the session's files too
// (`FileRoles`), ends the start with a message and a status, and a state file this start created
// is removed again.
//
//   --state FILE ─► StateFileJournal (restored list) ─┐
//   --trace FILE ─► TraceWriter ──────────────────────┴─► the store's middleware
//   --follow FILE ─► FollowedStateFile (its list now) ─► the store's first state

import MoviesCore
import MoviesFormats
import SystemBoundary
import TerminalIO

/// The state file and the trace of a session, open.
///
/// Opened together, before the store exists: the store starts from the restored list, no file may
/// be two of them (nor the catalog, nor the session's own input, output or error), and a state
/// file this start created goes again when the trace cannot be opened.
@MainActor
struct SessionFiles {
    /// Why a session could not start: the status to end with (the reason is said already).
    struct Refusal: Error {
        var status: ExitStatus
    }

    /// The state file's journal, with `--state`.
    let journal: StateFileJournal?
    /// The list the state file holds (or the followed one); `nil` without one, or when it is
    /// new or empty.
    let restored: MoviesState?
    /// The edits that led to the state file's list, as far back as it keeps them, and the point.
    let history: StateFile.History
    /// The trace, with `--trace`.
    let trace: TraceWriter?
    /// The state file another session keeps, with `--follow` (then there is no journal and no
    /// trace: the option refuses them).
    let followed: FollowedStateFile?

    /// Opens the files `options` name, with `sync` as the state file's `fsync`; says on
    /// `messages` why one cannot be used.
    ///
    /// No file may be two of the session's files (`FileRoles`): `MoviesApp` asks that first,
    /// before anything is opened or written, and this asks again once the state file is open,
    /// since a state file this start created may be where the trace's name leads too.
    init(options: Options, sync: FileSync, messages: any TextOutput) throws(Refusal) {
        if let path = options.followPath {
            do {
                let (file, movies) = try FollowedStateFile.open(path)
                journal = nil
                trace = nil
                followed = file
                restored = MoviesState(movies: movies)
                history = StateFile.History()
            } catch {
                messages.write("movies: cannot follow \(error)\n", to: .error)
                throw Refusal(status: .loadFailed)
            }
            return
        }
        followed = nil
        var journal: StateFileJournal?
        var restored: MoviesState?
        if let path = options.statePath {
            do {
                (journal, restored) = try StateFileJournal.start(path: path, sync: sync)
            } catch {
                messages.write("movies: \(error)\n", to: .error)
                throw Refusal(status: .loadFailed)
            }
        }
        self.journal = journal
        self.restored = restored
        history = journal?.restoredHistory ?? StateFile.History()
        guard let target = options.trace else {
            trace = nil
            return
        }
        do throws(Refusal) {
            if let journal {
                try Self.refuseAClash(
                    in: .atStart(of: options, stateFile: journal.identity), messages: messages)
            }
            trace = try Self.openTrace(
                target, options: options, state: restored, history: history,
                messages: messages)
        } catch {
            // A state file this start created goes again: a failed start leaves nothing.
            journal?.removeIfCreated()
            throw error
        }
    }

    /// Refuses the start (64) when two of the session's files are one file.
    private static func refuseAClash(in roles: FileRoles, messages: any TextOutput)
        throws(Refusal)
    {
        if let status = roles.refusal(saidOn: messages) { throw Refusal(status: status) }
    }

    /// Opens the trace `target` for a store starting from `state`.
    private static func openTrace(
        _ target: Options.TraceTarget, options: Options, state: MoviesState?,
        history: StateFile.History, messages: any TextOutput
    ) throws(Refusal) -> TraceWriter {
        do {
            return try TraceWriter(
                path: target.path, state: state ?? MoviesState(), history: history,
                historyLimit: options.historyLimit)
        } catch {
            switch error {
            case .heldByAnotherSession(let path):
                messages.write(
                    "movies: --trace \(path) is the state file of another movies session; a "
                        + "trace starts by emptying its file, so choose another\n", to: .error)
                throw Refusal(status: .usage)
            case .file(let failure):
                messages.write("movies: cannot write the trace \(failure)\n", to: .error)
                throw Refusal(status: .ioError)
            }
        }
    }
}

extension Options.TraceTarget {
    /// The file to write, or `nil` for standard error.
    fileprivate var path: FileName? {
        switch self {
        case .standardError: return nil
        case .file(let path): return path
        }
    }
}
