// Role in the data flow: what the screen view's history panel keeps between drawings. The panel
// (ScreenView+HistoryPanel.swift) shows the store's history, one line an edit as `HistoryText`
// words it, under the list; this says where it is, which edits it shows, and what each of its
// rows shows now, so that a Change redraws only the rows that read differently.
//
//   Ctrl-T ─► HistoryPanel ─► ScreenView+HistoryPanel draws it ─► Esc or Ctrl-T: gone

import TerminalIO

/// The history panel's place in the window, the edits it shows and what it drew.
///
/// The panel takes the lower half of the rows between the top of the window and the status
/// line, full width, and the list keeps the upper half (the larger, for an odd count): a row
/// shift in the list is made by the terminal (insert and delete line in a scroll region), which
/// moves whole screen rows, so a panel beside the list would be moved with them. Its first row is
/// a title that names its keys; each row after it shows one edit, from `first` on.
struct HistoryPanel: Equatable, Sendable {
    /// The number of the edit on the first edit row (0: before the first edit).
    var first = 0
    /// What each edit row shows now, as it was written (the highlight included); `nil` for a row
    /// not drawn since the panel's rows were last cleared.
    var drawn: [String?] = []

    /// The rows the panel takes from `region` rows above the status line: the lower half.
    static func rows(ofRegion region: Int) -> Int {
        max(0, region) / 2
    }

    /// The number of the first edit shown on `rows` edit rows that keeps edit `point` in view
    /// among `total` lines (edits 0 to `total − 1`), moving as little as it can from `current`.
    ///
    /// The edits stay in view as far as the last one: the rows are filled if there are edits
    /// to fill them.
    static func first(showing point: Int, from current: Int, rows: Int, total: Int) -> Int {
        guard rows > 0 else { return current }
        var first = current
        if point < first { first = point }
        if point >= first + rows { first = point - rows + 1 }
        return max(0, min(first, total - rows))
    }

    /// The title row, cut to `columns`: what the panel is and the keys it takes.
    static func title(columns: Int) -> String {
        DisplayWidth.truncated(
            "── History · Up: undo · Down: redo · Esc: close ──", toCells: columns)
    }

    /// An edit's row: `line` (escaped already, as `HistoryText` gives it) cut to `columns`, in
    /// reverse video when it is the edit the list is right after.
    static func row(_ line: String, columns: Int, isPoint: Bool) -> String {
        let shown = DisplayWidth.truncated(line, toCells: columns)
        return isPoint ? "\u{1B}[7m" + shown + "\u{1B}[27m" : shown
    }
}
