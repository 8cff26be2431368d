// Role in the data flow: beside `save`. The command replaces its file with a new one, so it must
// never be given a file the session has open: the state file would lose its journal, the trace
// would become a catalog while later actions go to the unlinked old file, the session's own output
// would vanish, the commands it reads would be replaced by a list, and a followed state file is its
// owner's, never written by a follower. `FileRoles`, the rule that
// no file is two of a session's files, says which of them a name reaches, whatever the spelling.

import MoviesFormats
import SystemBoundary
import TerminalIO

/// The files a session has open, which `save` refuses to replace.
///
/// Made by the assembly, which opened them, and handed to the command runner as one function
/// (`refusal`): `save` learns whether a name is taken without the runner holding the journal or
/// the trace. The catalog is not among them: saving the list over the catalog is how a user keeps
/// the edits there, and the next `refresh` reads them back.
@MainActor
struct OpenFiles {
    /// The state file's journal, with `--state`.
    let journal: StateFileJournal?
    /// The trace, with `--trace`.
    let trace: TraceWriter?
    /// Whether the session reads its commands from standard input.
    let readsInput: Bool
    /// The name of the state file this session follows, with `--follow` (its own name, where the
    /// owner's next file comes): its owner's, never written here.
    var followed: FileName?

    /// Which of the files the session has open `name` reaches (any name for it, a link, another
    /// spelling), said as the end of `save`'s refusal; `nil` for none.
    ///
    /// Asked at each `save`, from the files as they are now: a fold replaces the state file.
    func refusal(_ name: FileName) -> String? {
        // The session's own files first: a trace on standard error is the trace.
        var roles = FileRoles()
        journal.map { roles.add(.stateFile($0.path), $0.identity) }
        trace.map { roles.add(.trace($0.path), $0.identity) }
        followed.map { roles.add(.followed($0), FileIdentity(regularFileAt: $0)) }
        roles.addStandardStreams(readsInput: readsInput)
        guard let role = roles.role(reachedBy: name) else { return nil }
        switch role {
        case .stateFile:
            return journal?.failure == nil
                ? "the state file; every edit is in it already"
                : "the state file, which failed; save the list to another file"
        case .trace:
            return "this session's trace; saving over it would end the trace"
        case .standardOutput, .standardError:
            return "\(role.found); saving over it would lose what the session wrote there"
        case .standardInput:
            return "\(role.found); saving over it would replace the commands it reads"
        case .followed:
            return "the state file this session follows; only the session that owns it writes it"
        case .catalog, .replayed:
            return nil
        }
    }
}
