// Role in the data flow: the history a state file holds, read back with its list. A restore reads
// the edits a fold kept and then every journal line's step (JournalStep): a new edit, a step of an
// undo or a redo, and follows them as the store's history did, so that the session starting from
// the file can undo, redo, goto and skip past the restart.
//
//   journal lines ─► JournalReader (Change, step) ─► the list (apply) + JournalHistory ─► store

import MoviesCore

/// The edits and the point a state file's lines describe, followed one line at a time.
///
/// The list is the file's promise; the history is a convenience. A line whose step does not fit
/// the history followed so far (an undo of a Change the edit did not make, say, in a file some
/// other program wrote) gives the history up, and the list is restored without one.
struct JournalHistory: Equatable {
    /// An edit, as its lines arrive.
    private struct Edit: Equatable {
        var action: MoviesViewModel.Action?
        var changes: [MoviesState.Change]
        var dropped: [Int]
    }

    private var edits: [Edit] = []
    /// The number of the edit the list is right after.
    private var point = 0
    /// Lines still to come for the action under way (0: the next line begins one).
    private(set) var remaining = 0
    /// The Changes of the edit being undone or redone that its steps have made so far.
    private var progress = 0
    /// Whether the lines so far are the edits a fold kept (they come first, if at all).
    private var readingKept = true
    /// Whether a line did not fit, and the history was given up.
    private(set) var isLost = false

    /// The history, to hand to the store: its edits, oldest first, and the point.
    var kept: (edits: [UndoHistory.Edit], point: Int) {
        guard !isLost else { return ([], 0) }
        let edits = edits.map { edit in
            UndoHistory.Edit(
                action: edit.action, changes: MoviesViewModel.Changes(edit.changes) ?? [],
                dropped: edit.dropped)
        }
        return (edits, point)
    }

    /// Follows the line whose Change is `change` and whose step is `step`.
    mutating func take(_ change: MoviesState.Change, _ step: JournalStep) {
        let begins = remaining == 0
        if begins { remaining = step.count }
        remaining -= 1
        guard !isLost else { return }
        if step.role.applies { readingKept = false }
        switch step.role {
        case .done, .undone:
            guard readingKept, begins else { return lose() }
            // The undone edits come after every done one.
            if step.role == .done && point != edits.count { return lose() }
            edits.append(Edit(action: step.action, changes: [change], dropped: step.dropped))
            if step.role == .done { point += 1 }
        case .kept:
            guard readingKept, !begins, !edits.isEmpty else { return lose() }
            edits[edits.count - 1].changes.append(change)
        case .edit:
            guard begins else { return lose() }
            edits.removeSubrange(point...)
            edits.append(Edit(action: step.action, changes: [change], dropped: step.dropped))
            point += 1
        case .more:
            guard !begins, point == edits.count, point > 0 else { return lose() }
            edits[point - 1].changes.append(change)
        case .undo:
            guard point > 0 else { return lose() }
            let undone = edits[point - 1].changes
            guard progress < undone.count,
                undone[undone.count - 1 - progress].inverse == change
            else { return lose() }
            progress += 1
            if progress == undone.count {
                point -= 1
                progress = 0
            }
        case .redo:
            guard point < edits.count else { return lose() }
            let redone = edits[point].changes
            guard progress < redone.count, redone[progress] == change else { return lose() }
            progress += 1
            if progress == redone.count {
                point += 1
                progress = 0
            }
        }
    }

    /// Gives the history up; the list is restored without one.
    private mutating func lose() {
        isLost = true
        edits = []
        point = 0
    }
}
