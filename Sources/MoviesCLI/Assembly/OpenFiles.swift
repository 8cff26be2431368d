// Role in the data flow: beside `save`. The command replaces its file with a new one, so it must
// never be given a file the session has open: the state file would lose its journal, the trace
// would become a catalog while later actions go to the unlinked old file, and so would the
// session's own output; a followed state file is its owner's, never written by a follower. This
// says which of them a name reaches, whatever the spelling.

import MoviesFormats
import SystemBoundary
import TerminalIO

/// The files a session has open, which `save` refuses to replace.
///
/// Made by the assembly, which opened them, and handed to the command runner as one function
/// (`refusal`): `save` learns whether a name is taken without the runner holding the journal or
/// the trace.
@MainActor
struct OpenFiles {
    /// The state file's journal, with `--state`.
    let journal: StateFileJournal?
    /// The trace, with `--trace`.
    let trace: TraceWriter?
    /// The state file this session follows, with `--follow`: its owner's, never written here.
    var followed: FileName?

    /// Which of the files the session has open `name` reaches, by device and inode (any name for
    /// it, a link, another spelling), said as the end of `save`'s refusal; `nil` for none.
    func refusal(_ name: FileName) -> String? {
        if let journal, journal.isSameFile(name) {
            return journal.failure == nil
                ? "the state file; every edit is in it already"
                : "the state file, which failed; save the list to another file"
        }
        if let followed, let file = FileIdentity(path: name), FileIdentity(path: followed) == file {
            return "the state file this session follows; only the session that owns it writes it"
        }
        if trace?.isSameFile(name) == true {
            return "this session's trace; saving over it would end the trace"
        }
        return StandardDescriptors.outputChannel(reachedBy: name).map {
            "this session's standard \($0 == .standard ? "output" : "error"); saving over it "
                + "would lose what the session wrote there"
        }
    }
}
