// Role in the data flow: `history --json`. The store's history, every edit with its number, the
// action that made it and its Changes, written as the trace writes actions and Changes (the same
// `Codable` forms, sorted keys, titles inert at a terminal), so a script reads both alike.
//
//   UndoHistory ─► HistoryJSON.line ─► one line of JSON ─► the view

import MoviesCore

/// The history as one JSON array: `[{"action":{…},"changes":[…],"current":true,"edit":1},…]`.
package enum HistoryJSON {
    /// One edit, as an object.
    struct Edit: Encodable {
        /// Its number, as `goto` and `skip` take it.
        let edit: Int
        /// The action that made it; left out for an edit read back without one.
        let action: MoviesViewModel.Action?
        let changes: [MoviesState.Change]
        /// Whether the list is right after this edit.
        let current: Bool
        /// Whether it was undone (it comes after the current one).
        let undone: Bool
        /// A skip's later edits that no longer applied; left out for any other edit.
        let dropped: [Int]?
    }

    /// The line for `history`, without its newline.
    package static func line(_ history: UndoHistory) -> String {
        let edits = history.edits.enumerated().map { offset, edit in
            Edit(
                edit: offset + 1, action: edit.action, changes: Array(edit.changes),
                current: offset + 1 == history.point, undone: offset + 1 > history.point,
                dropped: edit.dropped.isEmpty ? nil : edit.dropped)
        }
        return Trace.encode(edits)
    }
}
