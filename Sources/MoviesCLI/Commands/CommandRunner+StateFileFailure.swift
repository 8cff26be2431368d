// Role in the data flow: the one place that decides, before an action is sent, that a command may
// not change the list. Once the state file has failed, the list the session holds has edits the
// file lacks, or the file can keep none: an edit would be drawn and then lost. A session that
// follows another session's state file (`--follow`) shows a list it does not own: only the owner
// edits it. Either way every command that changes the list (each `EditCommand`, and `refresh`) is
// refused, saying why, while `list`, `find`, `help`, `save FILE` and `quit` go on.
//
//   Command ─► refusesChange? ─► (refused: message, status 1) or run ─► store

import SystemBoundary

extension CommandRunner {
    /// Whether `command` is refused because it would change the list and the state file has
    /// failed; if so it is reported as rejected, and nothing is sent to the store.
    func refusesChange(_ command: any Command, line: Int) -> Bool {
        let kind = type(of: command)
        guard kind.changesTheList, let refusal = refusalOfChange(by: kind.reference) else {
            return false
        }
        reject(refusal, line: line)
        return true
    }

    /// Why `command`, which would change the list, may not run in this session now, or `nil`
    /// when it may.
    private func refusalOfChange(by command: CommandReference) -> String? {
        if let followedFile { return Self.refusal(of: command, following: followedFile) }
        return stateFileFailure()?.refusal(of: command)
    }

    /// Why `command` is refused in a session that follows `file`: it names the file and where
    /// to edit it.
    static func refusal(of command: CommandReference, following file: FileName) -> String {
        "\(command.name): refused: following \(file.excerpt(limit: 200)) read-only; edit in the "
            + "session that owns it"
    }
}
