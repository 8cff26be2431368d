// Role in the data flow: the store's memory of what it did. Every accepted edit is recorded here as
// its action and the Changes it made; `undo` reverts the newest one through a reducer, `redo` brings
// it back, and a time travel (`goto`, `skip`, in UndoHistory+Travel.swift) crosses many of them one
// Change at a time. The history stores Changes, never copies of the state.

/// The edits of the store, oldest first, and the point the list is at among them.
///
/// Edits are numbered from 1, the oldest kept; the *point* is the number of the edit the list is
/// right after (0: before the first). The edits up to the point are done, the ones after it were
/// undone and can be redone until a new edit starts a new branch. Each side keeps at most `limit`
/// edits.
///
/// An edit is its action and its Changes, whose size does not depend on the list's length, so a
/// history of a thousand edits to a list of a hundred thousand movies costs what a thousand
/// Changes cost. The exception is a refresh: its `.reloaded` Change holds the list it replaced
/// (by reference, not copied, but a list no one else keeps), so at most `maximumReloads` of them
/// are kept. Kept apart from `MoviesState` because it is not part of what any view shows: the
/// state stays a plain description of the screen that tests compare with `==`.
public struct UndoHistory: Sendable {
    /// How many edits are kept unless the app is told otherwise.
    public static let defaultLimit = 1_000
    /// How many refreshes can be undone at most.
    ///
    /// Each keeps a whole list alive, so without this bound sixty refreshes of a large catalog
    /// held sixty lists; recording one more drops the oldest refresh with the edits before it.
    public static let maximumReloads = 10

    /// One edit: what was asked and what it did.
    public struct Edit: Equatable, Sendable {
        /// The action that made it; `nil` for an edit read back from a journal that kept only its
        /// Changes.
        public let action: MoviesViewModel.Action?
        /// Its first Change: every edit makes one, and nearly every edit makes only that.
        private let first: MoviesState.Change
        /// What only a `skip` has, out of line (`Extra`), so that any other edit holds no more
        /// than its action and its Change.
        private let extra: Extra?

        /// A skip's Changes after the first, and the later edits it left out.
        private final class Extra: Equatable, Sendable {
            let others: [MoviesState.Change]
            let dropped: [Int]

            init(others: [MoviesState.Change], dropped: [Int]) {
                self.others = others
                self.dropped = dropped
            }

            static func == (left: Extra, right: Extra) -> Bool {
                left.others == right.others && left.dropped == right.dropped
            }
        }

        /// An edit made by `action`, which made `changes` (at least one).
        public init(
            action: MoviesViewModel.Action?, changes: MoviesViewModel.Changes, dropped: [Int] = []
        ) {
            self.action = action
            var iterator = changes.makeIterator()
            first = iterator.next() ?? .none
            let others = Array(IteratorSequence(iterator))
            extra =
                others.isEmpty && dropped.isEmpty
                ? nil : Extra(others: others, dropped: dropped)
        }

        /// An edit made by `action`, which made the one Change `change`.
        init(action: MoviesViewModel.Action?, change: consuming MoviesState.Change) {
            self.action = action
            first = change
            extra = nil
        }

        /// The Changes the edit made, in order: one for an edit, the steps of a `skip`.
        public var changes: MoviesViewModel.Changes {
            guard let extra else { return MoviesViewModel.Changes(first) }
            return MoviesViewModel.Changes([first] + extra.others) ?? MoviesViewModel.Changes()
        }

        /// Its one Change, or `nil` for a `skip` that made more or left edits out.
        var onlyChange: MoviesState.Change? { extra == nil ? first : nil }

        /// For a `skip`: the numbers of the later edits that no longer applied and were left out.
        public var dropped: [Int] { extra?.dropped ?? [] }

        /// Whether the edit replaced the whole list (a refresh), so keeps a list alive.
        var replacesTheList: Bool {
            first.isReload || extra?.others.contains(where: \.isReload) == true
        }
    }

    /// An undone edit, with the Changes its undo made, which redo reverts.
    ///
    /// The edit's own Changes say what it did; these say how to do it again. For a row they are
    /// each other's inverses, but a refresh's undo holds the list the refresh brought, which only
    /// this side keeps.
    struct Undone: Sendable {
        var edit: Edit
        var undoneBy: MoviesViewModel.Changes
    }

    /// The done edits, newest on top.
    var done: BoundedStack<Edit>
    /// The undone edits, the next to redo on top.
    var undone: BoundedStack<Undone>

    /// A history that keeps the newest `limit` edits, refreshes included (0 turns undo off).
    init(limit: Int = defaultLimit) {
        done = BoundedStack(capacity: limit)
        undone = BoundedStack(capacity: limit)
    }

    /// A history of `edits` (oldest first) with the list right after edit `point`.
    ///
    /// The edits up to the point are done, the ones after it undone: what a state file keeps
    /// across a restart. An undone edit's redo reverts the inverses of its Changes (a refresh,
    /// whose redo needs the list it brought, is never kept across a restart). The newest
    /// `limit` done edits and the nearest `limit` undone ones are kept.
    public init(limit: Int, restoring edits: [Edit], point: Int) {
        self.init(limit: limit)
        let point = min(max(point, 0), edits.count)
        for edit in edits[..<point] { done.push(edit) }
        for edit in edits[point...].reversed() { undone.push(Undone(readBack: edit)) }
    }

    /// The most edits kept on each side of the point.
    public var limit: Int { done.capacity }
    /// How many edits `undo` can take back.
    public var undoCount: Int { done.count }
    /// How many undone edits `redo` can bring back.
    public var redoCount: Int { undone.count }
    /// How many edits the history holds, done and undone.
    public var count: Int { done.count + undone.count }
    /// The number of the edit the list is right after: 0 before the first, `count` after the
    /// last.
    public var point: Int { done.count }

    /// Edit `number` (1-based, the oldest kept is 1), or `nil` past either end.
    public func edit(_ number: Int) -> Edit? {
        guard number >= 1, number <= count else { return nil }
        if number <= done.count { return done.element(fromOldest: number - 1) }
        return undone.element(fromOldest: count - number)?.edit
    }

    /// Every edit, oldest first.
    public var edits: [Edit] {
        (0..<count).compactMap { edit($0 + 1) }
    }

    /// Records a new edit, made by `action`, right after the point.
    ///
    /// What was undone can no longer be redone: the edit starts a new branch.
    mutating func record(_ action: MoviesViewModel.Action?, _ change: consuming MoviesState.Change)
    {
        record(Edit(action: action, change: change))
    }

    /// Records `edit` right after the point, forgetting what was undone.
    mutating func record(_ edit: consuming Edit) {
        let replacesTheList = edit.replacesTheList
        done.push(edit)
        if undone.count > 0 { undone.removeAll() }
        if replacesTheList { dropReloadsPastTheBound() }
    }

    /// Forgets the oldest edits, up to and including the oldest refresh, while more than
    /// `maximumReloads` refreshes could be undone. (Undo and redo only move edits between the
    /// sides, and a new edit empties the undone side, so only `done` needs counting here.)
    private mutating func dropReloadsPastTheBound() {
        while done.count(where: \.replacesTheList) > Self.maximumReloads {
            while let oldest = done.removeOldest(), !oldest.replacesTheList {}
        }
    }

    /// Moves the newest done edit to the undone side, undone by `reverting`.
    mutating func moveBack(undoneBy reverting: MoviesViewModel.Changes) {
        guard let edit = done.pop() else { return }
        undone.push(Undone(edit: edit, undoneBy: reverting))
    }

    /// Moves the next undone edit back to the done side.
    mutating func moveForward() {
        guard let undone = undone.pop() else { return }
        done.push(undone.edit)
    }
}
