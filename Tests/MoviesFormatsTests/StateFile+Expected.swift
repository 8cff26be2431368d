// The bytes the formats' tests expect a state file to hold: a fold's snapshot with the history it
// keeps, and journal lines that say how their Change stands in the history (an undo's, a redo's).

import MoviesCore
import MoviesTestSupport

@testable import MoviesFormats

extension StateFile {
    /// What a fold writes for `movies` and the store's `history`: the snapshot, then the edits
    /// the history keeps.
    static func folded(_ movies: [Movie], keeping history: UndoHistory) -> [UInt8] {
        snapshot(movies) + historyLines(history)
    }

    /// The journal line of `change` made as a step of an undo or a redo (`role`), the first of
    /// an action of `count` lines.
    static func journalLine(_ change: MoviesState.Change, _ role: JournalStep.Role, count: Int = 1)
        -> [UInt8]
    {
        JournalLine.line(change, step: JournalStep(role: role, count: count)) ?? []
    }
}
