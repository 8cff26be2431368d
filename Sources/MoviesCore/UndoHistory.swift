// Role in the data flow: the store's memory of what it did. Every accepted list Change is recorded
// here; `undo` reverts the newest one through a reducer, and the Change that reverting made is kept
// for `redo`. The history stores Changes, never copies of the state.

/// The undo and redo stacks of the store: list Changes, newest on top, at most `limit` of each.
///
/// An entry is one `Change`, whose size does not depend on the list's length, so a history of a
/// thousand edits to a list of a hundred thousand movies costs what a thousand Changes cost. The
/// exception is a refresh: its `.reloaded` entry holds the list it replaced (by reference, not
/// copied, but a list no one else keeps), so at most `maximumReloads` of them are kept. Kept apart
/// from `MoviesState` because it is not part of what any view shows: the state stays a plain
/// description of the screen that tests compare with `==`.
public struct UndoHistory: Sendable {
    /// How many actions are kept unless the app is told otherwise.
    public static let defaultLimit = 1_000
    /// How many refreshes can be undone at most.
    ///
    /// Each keeps a whole list alive, so without this bound sixty refreshes of a large catalog
    /// held sixty lists; recording one more drops the oldest refresh with the edits before it.
    public static let maximumReloads = 10

    private var done: BoundedStack<MoviesState.Change>
    private var undone: BoundedStack<MoviesState.Change>

    /// A history that keeps the newest `limit` edits, refreshes included (0 turns undo off).
    init(limit: Int = defaultLimit) {
        done = BoundedStack(capacity: limit)
        undone = BoundedStack(capacity: limit)
    }

    /// The most actions kept on each stack.
    public var limit: Int { done.capacity }
    /// How many actions `undo` can take back.
    public var undoCount: Int { done.count }
    /// How many undone actions `redo` can bring back.
    public var redoCount: Int { undone.count }

    /// The Change `undo` would revert.
    var nextUndo: MoviesState.Change? { done.top }
    /// The Change `redo` would revert (the one an undo made).
    var nextRedo: MoviesState.Change? { undone.top }

    /// Records a new edit.
    ///
    /// What was undone can no longer be redone: the edit starts a new branch.
    mutating func record(_ change: MoviesState.Change) {
        done.push(change)
        if undone.count > 0 { undone.removeAll() }
        if change.isReload { dropReloadsPastTheBound() }
    }

    /// Forgets the oldest entries, up to and including the oldest refresh, while more than
    /// `maximumReloads` refreshes could be undone. (Undo and redo only move entries between the
    /// stacks, and a new edit empties the redo stack, so only `done` needs counting here.)
    private mutating func dropReloadsPastTheBound() {
        while done.count(where: \.isReload) > Self.maximumReloads {
            while let oldest = done.removeOldest(), !oldest.isReload {}
        }
    }

    /// Notes that the newest edit was undone by `reverting`, which `redo` will revert in turn.
    mutating func didUndo(by reverting: MoviesState.Change) {
        done.pop()
        undone.push(reverting)
    }

    /// Notes that the newest undo was redone by `reverting`, which `undo` will revert again.
    mutating func didRedo(by reverting: MoviesState.Change) {
        undone.pop()
        done.push(reverting)
    }
}
