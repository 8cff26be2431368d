// Role in the data flow: a helper of the line view. A row Change is drawn as one line that says
// what happened to the row: `+ 3. Up (2009)` appeared, `- 3. …` vanished, `↕ 2 → 7. …` moved, `~ 3. …`
// reads differently. The view draws each Change so as it arrives, and `history` lists each edit's
// Changes the same way, so an edit reads the same in both.

import MoviesCore

/// The line of a row Change, as the line view draws it.
enum ChangeText {
    /// The line for `change`; `nil` for a Change that is not a row's (the fetch status, or
    /// nothing).
    ///
    /// A reload is not a row: the view draws the whole new list for it, and this says only that
    /// it happened, with the length of the list it replaced. The `switch` is exhaustive on
    /// purpose: a new kind of Change does not compile until it has its line.
    static func line(_ change: MoviesState.Change) -> String? {
        switch change {
        case .none, .fetch:
            return nil
        case .reloaded(let replaced):
            return "↻ the list was replaced (it had \(Counted(replaced.count, "movie")))"
        case .inserted(let movie, let index):
            return "+ \(RowText.row(movie, at: index))"
        case .deleted(let movie, let index):
            return "- \(RowText.row(movie, at: index))"
        case .moved(let movie, let source, let destination):
            return "↕ \(source + 1) → \(RowText.row(movie, at: destination))"
        case .updated(let index, _, let movie):
            return "~ \(RowText.row(movie, at: index))"
        }
    }
}
