// Role in the data flow: time travel, on top of undo. `goto K` crosses the edits between the point
// and edit K, undoing or redoing each; `skip K` undoes back to edit K, brings the later edits back
// without it, and records all of that as one new edit. Either is made one Change at a time: the
// store delivers each Change with the state right after it, so a view draws every row a travel
// touches, and only those, as it draws an undo. Each step costs what an undo costs, whatever the
// list's length: no state is copied and none is recomputed from the start.
//
//   Root.reduce(.goto(K)) ─► Travel ─► step, step, … (each a Change, delivered) ─► nil: arrived

extension UndoHistory {
    /// A time travel under way: where it goes and how far it got.
    ///
    /// Made by `travel(to:)` or `skipping(_:)`, and advanced by `step(_:on:)` until it returns
    /// `nil`. A value, like the history itself: the store keeps it only while it runs the
    /// action.
    public struct Travel: Sendable {
        /// Where the travel ends.
        enum Goal: Sendable {
            /// Right after edit `point` (0: before the first).
            case point(Int)
            /// Edit `number` left out, the later ones up to `from` (the point it started at)
            /// brought back, all of it one new edit.
            case skip(Int, from: Int)
        }

        /// Which part of the travel is under way.
        enum Leg: Sendable {
            /// Undoing or redoing whole edits (a skip first undoes back to before its edit).
            case crossing
            /// A skip bringing back its later edits; `next` is the number of the next one.
            case bringingBack(next: Int)
        }

        /// How a pending Change is made.
        enum Making: Sendable {
            /// Reverted where it says (an undo, a redo, a refresh brought back).
            case revert
            /// Applied to its movie wherever that movie is now (`MoviesState.reapply`).
            case reapply
        }

        let goal: Goal
        var leg = Leg.crossing
        var making = Making.revert
        /// The Changes still to make for the edit being crossed or brought back, in order.
        var pending: [MoviesState.Change] = []
        /// How many of `pending` are made.
        var madeCount = 0
        /// Whether the edit being crossed is undone (or redone).
        var backwards = true
        /// The Changes made crossing the current edit, which its undo keeps for redo.
        var made: [MoviesState.Change] = []
        /// A skip's every Change, in order: the Changes of the new edit it records.
        var all: [MoviesState.Change] = []
        /// A skip's edits from the skipped one to where it started, to put back as they were.
        var crossed: [Edit] = []
        /// A skip's later edits that no longer applied.
        var dropped: [Int] = []
        /// The number of the edit being brought back.
        var bringing = 0
    }

    /// A travel to right after edit `number` (0: before the first).
    ///
    /// - Throws: `EditError.editOutOfRange` unless `number` is 0 to `count`.
    public func travel(to number: Int) throws(MoviesState.EditError) -> Travel {
        guard (0...count).contains(number) else {
            throw .editOutOfRange(number, valid: 0..<count + 1)
        }
        return Travel(goal: .point(number))
    }

    /// A travel that takes edit `number` out: the list as if it had never been made.
    ///
    /// - Throws: `EditError.editOutOfRange` unless `number` is a done edit (1 to `point`).
    public func skipping(_ number: Int) throws(MoviesState.EditError) -> Travel {
        guard number >= 1, number <= point else {
            throw .editOutOfRange(number, valid: 1..<point + 1)
        }
        return Travel(goal: .skip(number, from: point))
    }

    /// Makes the next Change of `travel` on `state`, and returns it; `nil` once the travel has
    /// arrived (the history then says so: its point, or a skip's new edit).
    ///
    /// - Throws: `EditError` when a Change does not fit (a list that is loading refuses the
    ///   first one); nothing of that step was made.
    public mutating func step(_ travel: inout Travel, on state: inout MoviesState)
        throws(MoviesState.EditError) -> MoviesState.Change?
    {
        while true {
            if travel.madeCount < travel.pending.count {
                if let made = try makeNext(&travel, on: &state) { return made }
                continue
            }
            switch (travel.goal, travel.leg) {
            case (.point(let target), _):
                guard startCrossing(toward: target, &travel) else { return nil }
            case (.skip(let number, _), .crossing):
                if startCrossing(toward: number - 1, &travel) { continue }
                // The skipped edit is the next to redo: it is kept, and not brought back.
                if let skipped = undone.pop() { travel.crossed.append(skipped.edit) }
                travel.leg = .bringingBack(next: number + 1)
            case (.skip(let number, let from), .bringingBack(let next)):
                guard next <= from, let later = undone.pop() else {
                    finishSkip(number, &travel)
                    return nil
                }
                travel.crossed.append(later.edit)
                travel.leg = .bringingBack(next: next + 1)
                startBringingBack(later, number: next, &travel, on: state)
            }
        }
    }

    /// Makes `travel` at once when it undoes or redoes one edit of one Change, as nearly every
    /// undo and redo does, and returns the Changes its one step would make; `nil`, with nothing
    /// changed, for any other travel, which `step` then makes.
    ///
    /// A shortcut for speed: the same revert and the same move of the edit as `step`, without
    /// a plan to keep, so that an undo costs what its edit cost (docs/PERFORMANCE.md, section 5).
    mutating func madeAtOnce(_ travel: Travel, on state: inout MoviesState)
        throws(MoviesState.EditError) -> MoviesViewModel.Changes?
    {
        guard case .point(let target) = travel.goal else { return nil }
        if target == point - 1, let change = done.top?.onlyChange {
            let made = try state.revert(change)
            moveBack(undoneBy: MoviesViewModel.Changes(made))
            return MoviesViewModel.Changes(made)
        }
        if target == point + 1, let undone = undone.top, undone.undoneBy.count == 1 {
            var changes = undone.undoneBy.makeIterator()
            guard let change = changes.next() else { return nil }
            let made = try state.revert(change)
            moveForward()
            return MoviesViewModel.Changes(made)
        }
        return nil
    }

    /// Makes the next pending Change; `nil` when it turned out to need none (its movie is
    /// already as it says) or, bringing back a one-Change edit, when it no longer applies.
    private mutating func makeNext(_ travel: inout Travel, on state: inout MoviesState)
        throws(MoviesState.EditError) -> MoviesState.Change?
    {
        let change = travel.pending[travel.madeCount]
        let made: MoviesState.Change
        switch travel.making {
        case .revert:
            made = try state.revert(change)
        case .reapply:
            do {
                made = try state.reapply(change)
            } catch {
                // Only a one-Change edit gets here (a longer one was tried first): it is left
                // out, and nothing of it was made.
                travel.dropped.append(travel.bringing)
                travel.pending = []
                travel.madeCount = 0
                return nil
            }
        }
        travel.madeCount += 1
        if case .crossing = travel.leg {
            travel.made.append(made)
            if travel.madeCount == travel.pending.count { finishCrossing(&travel) }
        }
        guard made != .none else { return nil }
        if case .skip = travel.goal { travel.all.append(made) }
        return made
    }

    /// Sets up the undo or redo of the next edit toward `target`; `false` when the point is
    /// there.
    private func startCrossing(toward target: Int, _ travel: inout Travel) -> Bool {
        // An undo reverts the edit's Changes, newest first; a redo reverts its undo's.
        let reverted: MoviesViewModel.Changes
        if point > target, let edit = done.top {
            reverted = edit.changes
            travel.backwards = true
        } else if point < target, let undone = undone.top {
            reverted = undone.undoneBy
            travel.backwards = false
        } else {
            return false
        }
        travel.pending = reverted.reversed()
        travel.making = .revert
        travel.madeCount = 0
        travel.made = []
        return true
    }

    /// Moves the edit just crossed to its new side.
    private mutating func finishCrossing(_ travel: inout Travel) {
        if travel.backwards {
            moveBack(undoneBy: MoviesViewModel.Changes(travel.made) ?? MoviesViewModel.Changes())
        } else {
            moveForward()
        }
    }

    /// Sets up bringing back edit `number` (`later`) on `state`.
    ///
    /// Its Changes are applied to their movies wherever they are now; a refresh is brought back
    /// by its redo (its list replaces the list, as the fetch did). An edit of several Changes (an
    /// earlier skip) is tried on a copy of the state first, so that it comes back whole or is
    /// left out whole; a one-Change edit that no longer applies is left out as it is tried.
    private func startBringingBack(
        _ later: Undone, number: Int, _ travel: inout Travel, on state: MoviesState
    ) {
        travel.bringing = number
        travel.madeCount = 0
        if later.edit.replacesTheList {
            travel.making = .revert
            travel.pending = later.undoneBy.reversed()
        } else {
            travel.making = .reapply
            travel.pending = Array(later.edit.changes)
        }
        guard travel.pending.count > 1 else { return }
        var trial = state
        for change in travel.pending {
            do {
                switch travel.making {
                case .revert: _ = try trial.revert(change)
                case .reapply: _ = try trial.reapply(change)
                }
            } catch {
                travel.pending = []
                travel.dropped.append(number)
                return
            }
        }
    }

    /// Puts the crossed edits back as they were, and records the skip as one new edit.
    private mutating func finishSkip(_ number: Int, _ travel: inout Travel) {
        for edit in travel.crossed {
            done.push(edit)
        }
        let changes = MoviesViewModel.Changes(travel.all) ?? MoviesViewModel.Changes()
        record(Edit(action: .skip(edit: number), changes: changes, dropped: travel.dropped))
    }
}

extension UndoHistory.Undone {
    /// An edit read back undone from a file, whose undo is its own Changes' inverses.
    init(readBack edit: UndoHistory.Edit) {
        let inverses = edit.changes.reversed().compactMap(\.inverse)
        self.init(
            edit: edit, undoneBy: MoviesViewModel.Changes(inverses) ?? MoviesViewModel.Changes())
    }
}
