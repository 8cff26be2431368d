// Role in the data flow: before the store exists. The files a session works on are opened first:
// the state file, locked and restored, whose list the store starts from, and the trace, which
// records every action from the first; or, for a follower, the state file another session keeps,
// read-only. A file that cannot be used ends the start with a message and a status, and a state
// file this start created is removed again.
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
/// Opened together, before the store exists: the store starts from the restored list, and the two
/// are checked against each other (a trace may not empty the state file or the catalog, and a
/// state file this start created goes again when the trace cannot be opened).
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
    /// The trace, with `--trace`.
    let trace: TraceWriter?
    /// The state file another session keeps, with `--follow` (then there is no journal and no
    /// trace: the option refuses them).
    let followed: FollowedStateFile?

    /// Opens the files `options` name, with `sync` as the state file's `fsync`; says on
    /// `messages` why one cannot be used.
    init(options: Options, sync: FileSync, messages: any TextOutput) throws(Refusal) {
        if let trace = options.trace?.path, let input = Self.inputFile(named: trace, in: options) {
            messages.write(
                "movies: --trace \(trace) is \(input); a trace starts by "
                    + "emptying its file, so choose another\n", to: .error)
            throw Refusal(status: .usage)
        }
        if let path = options.followPath {
            do {
                let (file, movies) = try FollowedStateFile.open(path)
                journal = nil
                trace = nil
                followed = file
                restored = MoviesState(movies: movies)
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
        guard let target = options.trace else {
            trace = nil
            return
        }
        do {
            trace = try TraceWriter(
                path: target.path, state: restored ?? MoviesState(),
                historyLimit: options.historyLimit)
        } catch {
            // A state file this start created goes again: a failed start leaves nothing.
            journal?.removeIfCreated()
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

    /// Which input file `path` is, if it is one (the state file or the catalog), by device and
    /// inode, so another spelling or a link to it counts too.
    private static func inputFile(named path: FileName, in options: Options) -> String? {
        guard let target = FileIdentity(path: path) else { return nil }
        let inputs = [("the state file", options.statePath), ("the catalog", options.catalogPath)]
        for case (let name, let input?) in inputs where FileIdentity(path: input) == target {
            return name
        }
        return nil
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
