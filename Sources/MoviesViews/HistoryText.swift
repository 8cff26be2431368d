// Role in the data flow: what `history` shows, in both views. Each edit is listed by its number,
// which `goto` and `skip` take, with the rows it touched in the words the line view draws them in
// (`ChangeText`), and the point the list is at is marked.
//
//   UndoHistory ─► HistoryText.lines ─► line view (printed) / screen view (over the list)
//   UndoHistory ─► HistoryText.line ──► the screen view's history panel, one line an edit

import MoviesCore

/// The lines of the history listing.
package enum HistoryText {
    /// The mark beside the edit the list is right after.
    package static let mark = "▸"

    /// Every edit of `history`, oldest first, after a line for 0 (before the first edit); the
    /// one the list is right after is marked, the undone ones say so.
    ///
    /// An edit of several Changes (a `skip`) says what it did on its line and lists its rows
    /// under it.
    static func lines(_ history: UndoHistory) -> [String] {
        guard history.count > 0 else {
            return ["No edits yet: goto and skip take the numbers of the edits history lists."]
        }
        let indent = String(repeating: " ", count: DecimalText.digitCount(history.count) + 6)
        var lines = [line(0, in: history)]
        for (offset, edit) in history.edits.enumerated() {
            lines.append(line(offset + 1, of: edit, in: history))
            if case .skip = edit.action {
                lines += edit.changes.compactMap(ChangeText.line).map { indent + $0 }
            }
        }
        return lines
    }

    /// The line of edit `number` of `history` as `lines` words it (0: the line for before the
    /// first edit), without the rows a skip lists under it.
    ///
    /// The screen view's history panel shows one such line an edit, so that Up and Down move
    /// its highlight one line an edit; each costs the same whatever the history's length.
    static func line(_ number: Int, in history: UndoHistory) -> String {
        guard let edit = history.edit(number) else {
            return line(0, "before the first edit", in: history)
        }
        return line(number, of: edit, in: history)
    }

    /// The line of `edit`, edit `number` of `history`: its row, or what a skip did.
    private static func line(_ number: Int, of edit: UndoHistory.Edit, in history: UndoHistory)
        -> String
    {
        let undone = number > history.point ? "   (undone)" : ""
        guard case .skip(let skipped) = edit.action else {
            let row = edit.changes.lazy.compactMap(ChangeText.line).first ?? ""
            return line(number, row + undone, in: history)
        }
        let rows = edit.changes.lazy.compactMap(ChangeText.line).count
        let leftOut =
            edit.dropped.isEmpty
            ? "" : "; \(edit.dropped.map(String.init).joined(separator: ", ")) left out"
        let summary = "edit \(skipped) taken out\(leftOut): \(Counted(rows, "row"))"
        return line(number, summary + undone, in: history)
    }

    /// `▸ 12  text` for the edit the list is right after, `  12  text` for another, the number
    /// right-aligned for the history's longest.
    private static func line(_ number: Int, _ text: String, in history: UndoHistory) -> String {
        let digits = String(number)
        let width = DecimalText.digitCount(history.count)
        let padding = String(repeating: " ", count: max(0, width - digits.count))
        return (number == history.point ? mark : " ") + " " + padding + digits + "  " + text
    }
}
