// Role in the data flow: what the session says once its state file has failed. The journal knows
// the facts (the error, how many edits are not on disk, whether the file holds a list at all, or
// its name leads to another file now); this turns them into the words and the count every place
// uses, so that they all say the same thing: the message said once when the file fails, the
// refusal of an edit, the note after `list`, the end of `save`'s line, the edits `quit` asks
// about, and the report after a screen view.
//
//   StateFileJournal (failure, editsNotOnDisk) ─► StateFileFailure ─► runner, session, assembly

import MoviesFormats
import MoviesViews

/// A state file that failed, as the session words it.
///
/// From the failure on, the file is left as it was on disk, the session keeps its list, and every
/// command that would change the list is refused: `save FILE` is the way to keep what the file
/// lacks.
struct StateFileFailure {
    /// What the file lacks of the list the session holds.
    enum Lacking: Equatable {
        /// The last edits (none: the file holds the list as it is).
        case lastEdits(Counted)
        /// The whole list: the file holds none yet (it was new or empty).
        case theList
        /// The whole list: the name leads to another file now (moved, removed or replaced).
        case everything
        /// The whole list: another program wrote the file (cut it, or appended to it), and no
        /// start restores what it holds now as this session left it.
        case changedByAnother
    }

    /// What failed, with the file's name.
    let error: FileError
    /// The file's name, as shown in messages.
    let name: String
    /// What the file lacks.
    let lacking: Lacking

    /// Which edits the file holds: all but the last few, all of them, or none of this session's
    /// list.
    var fate: String {
        switch lacking {
        case .lastEdits(let edits) where edits.count == 0:
            return "\(name) holds the list as it is now"
        case .lastEdits(let edits):
            return "the last \(edits.omittingOne) \(edits.isOrAre) not on disk, the edits before "
                + "\(edits.itOrThem) are"
        case .theList: return "\(name) holds no list yet"
        case .everything, .changedByAnother: return "this session's list is only in memory"
        }
    }

    /// Said once, when the file fails (on stderr; in the screen view, on its message line).
    var announcement: String {
        var keep = "type save FILE to keep the list"
        if case .lastEdits(let edits) = lacking, edits.count > 0 {
            keep += " with \(edits.itOrThem)"
        }
        return "movies: state file \(error); \(fate); edits are refused from now on: \(keep)"
    }

    /// Said again after a screen view, whose message line went with its screen.
    var afterTheSession: String {
        "movies: state file \(error); \(fate)"
    }

    /// Why `command`, which would change the list, is refused.
    func refusal(of command: CommandReference) -> String {
        "\(command.name): refused: the state file cannot keep edits (\(error)); the list stays "
            + "as it is: type save FILE to keep it"
    }

    /// Said after a list is shown, when it is not the list the file holds.
    var listNote: String? {
        switch lacking {
        case .lastEdits(let edits) where edits.count == 0: return nil
        case .lastEdits(let edits):
            return "the list differs from state file \(name) by the last \(edits.omittingOne), "
                + "which \(edits.isOrAre) not on disk"
        case .theList: return "the list is not in state file \(name), which holds none"
        case .everything: return "the list is not in state file \(name), which is another file now"
        case .changedByAnother:
            return "the list is not in state file \(name), which another program changed"
        }
    }

    /// The end of `save`'s line: the saved list holds what the state file lacks.
    var savedNote: String {
        switch lacking {
        case .lastEdits(let edits) where edits.count == 0: return ""
        case .lastEdits(let edits):
            return ", with the last \(edits.omittingOne), which state file \(name) does not hold"
        case .theList, .everything, .changedByAnother:
            return ", which state file \(name) does not hold"
        }
    }

    /// Of the `unsaved` edits made since the last `save`, how many are in no file: the last edits
    /// the state file lacks (both counts are of the last edits, so the fewer are in neither), or
    /// all of them when the file holds none of the list.
    func editsOnlyInMemory(unsaved: Int) -> Int {
        switch lacking {
        case .lastEdits(let edits): return min(unsaved, edits.count)
        case .theList, .everything, .changedByAnother: return unsaved
        }
    }
}

extension StateFileFailure {
    /// The failure of `journal`'s file; `nil` without a state file, or while it works.
    @MainActor
    init?(_ journal: StateFileJournal?) {
        guard let journal, let error = journal.failure else { return nil }
        let lacking: Lacking
        if journal.lostItsName {
            lacking = .everything
        } else if journal.changedByAnother {
            lacking = .changedByAnother
        } else if !journal.holdsList {
            lacking = .theList
        } else {
            lacking = .lastEdits(Counted(journal.editsNotOnDisk, "edit"))
        }
        self.init(error: error, name: journal.path.excerpt(limit: 200), lacking: lacking)
    }
}
