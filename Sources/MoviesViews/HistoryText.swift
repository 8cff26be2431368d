// Role in the data flow: what `history` shows, in both views. Each edit is listed by its number,
// which `goto` and `skip` take, with the rows it touched in the words the line view draws them in
// (`ChangeText`), and the point the list is at is marked.
//
//   UndoHistory ─► HistoryText.lines ─► line view (printed) / screen view (over the list)

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
        let width = DecimalText.digitCount(history.count)
        var lines = [line(0, "before the first edit", width: width, at: history.point)]
        for (offset, edit) in history.edits.enumerated() {
            let number = offset + 1
            let rows = edit.changes.compactMap(ChangeText.line)
            let undone = number > history.point ? "   (undone)" : ""
            if case .skip(let skipped) = edit.action {
                let leftOut =
                    edit.dropped.isEmpty
                    ? "" : "; \(edit.dropped.map(String.init).joined(separator: ", ")) left out"
                let summary = "edit \(skipped) taken out\(leftOut): \(Counted(rows.count, "row"))"
                lines.append(line(number, summary + undone, width: width, at: history.point))
                lines += rows.map { String(repeating: " ", count: width + 6) + $0 }
            } else {
                let text = (rows.first ?? "") + undone
                lines.append(line(number, text, width: width, at: history.point))
            }
        }
        return lines
    }

    /// `▸ 12  text` for the edit the list is right after, `  12  text` for another.
    private static func line(_ number: Int, _ text: String, width: Int, at point: Int) -> String {
        let digits = String(number)
        let padding = String(repeating: " ", count: width - digits.count)
        return (number == point ? mark : " ") + " " + padding + digits + "  " + text
    }
}
