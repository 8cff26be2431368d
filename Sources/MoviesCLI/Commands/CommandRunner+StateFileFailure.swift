// Role in the data flow: the one place that decides, before an action is sent, that a command may
// not change the list. Once the state file has failed, the list the session holds has edits the
// file lacks, or the file can keep none: an edit would be drawn and then lost, so every command
// that changes the list (each `EditCommand`, and `refresh`) is refused, saying why, while `list`,
// `find`, `help`, `save FILE` and `quit` go on.
//
//   Command ─► refusesChange? ─► (refused: message, status 1) or run ─► store

extension CommandRunner {
    /// Whether `command` is refused because it would change the list and the state file has
    /// failed; if so it is reported as rejected, and nothing is sent to the store.
    func refusesChange(_ command: any Command, line: Int) -> Bool {
        let kind = type(of: command)
        guard kind.changesTheList, let failure = stateFileFailure() else { return false }
        reject(failure.refusal(of: kind.reference), line: line)
        return true
    }
}
