// Role in the data flow: between the reducers and everyone who asked. An action's reducers hand
// their Changes to the store in one of these; the store delivers them to the subscribers once the
// action is done, and `send(_:)` returns them to its caller, so the caller knows what the action
// did (nothing, for a move onto itself or a rename to the same title) without working it out.
//
//   send(action) ─► Root.reduce ─► Changes ─┬─► deliver to subscribers
//                                           └─► returned to the caller of send

extension MoviesViewModel {
    /// The Changes one action made, in order: none, one, or two (a fetch's answer).
    ///
    /// What `send(_:)` returns. Its caller learns from it what the action did: `isEmpty` says
    /// the action was accepted and changed nothing, which no layer above the reducer has to guess
    /// (`move(from: 3, to: 3)` and a rename to the title the movie has both return `.none`). It
    /// is the very value the store delivers, so returning it costs nothing.
    ///
    /// Two inline slots rather than an array: no action makes more than two Changes (the root
    /// reducer builds every one of these, so that is plain to see), and an array would cost an
    /// allocation, or a uniqueness check and a copy-on-write path, for each of the tens of
    /// thousands of actions a second the store runs. `.none` never takes a slot.
    public struct Changes: Equatable, Sendable, Sequence {
        private var first: MoviesState.Change?
        private var second: MoviesState.Change?
        /// Whether the action was sent by a subscriber during a delivery and waits its turn.
        ///
        /// Such an action has not run yet when `send(_:)` returns: it runs once the Change being
        /// delivered has reached every subscriber (delivery is first in, first out). These
        /// Changes are then empty; its own Changes reach the subscribers and the middleware only.
        public private(set) var isQueued = false

        /// No Changes.
        init() {}

        /// `change`, unless it is `.none`.
        init(_ change: MoviesState.Change) {
            first = Self.slot(change)
        }

        /// `change`, then `next`; either is left out if it is `.none`.
        init(_ change: MoviesState.Change, then next: MoviesState.Change) {
            first = Self.slot(change)
            second = Self.slot(next)
            if first == nil { (first, second) = (second, nil) }
        }

        /// No Changes yet: the action waits until the current delivery is over.
        static var queued: Changes {
            var changes = Changes()
            changes.isQueued = true
            return changes
        }

        /// Whether the action made no Change: it was accepted and left everything as it was (or
        /// it is queued: see `isQueued`).
        public var isEmpty: Bool { first == nil }

        /// How many Changes the action made: 0, 1 or 2.
        public var count: Int { first == nil ? 0 : second == nil ? 1 : 2 }

        /// Calls `body` with each Change, in order.
        func inOrder(_ body: (MoviesState.Change) -> Void) {
            if let first { body(first) }
            if let second { body(second) }
        }

        /// The Changes as an array, for a middleware's record.
        var array: [MoviesState.Change] {
            var array: [MoviesState.Change] = []
            inOrder { array.append($0) }
            return array
        }

        /// The Changes, in order.
        public func makeIterator() -> Iterator {
            Iterator(coming: first, later: second)
        }

        /// Hands out the Changes of a `Changes`, in order.
        public struct Iterator: IteratorProtocol {
            fileprivate var coming: MoviesState.Change?
            fileprivate var later: MoviesState.Change?

            public mutating func next() -> MoviesState.Change? {
                defer { (coming, later) = (later, nil) }
                return coming
            }
        }

        public var underestimatedCount: Int { count }

        /// `change` as a slot's content: `.none` leaves the slot empty.
        private static func slot(_ change: MoviesState.Change) -> MoviesState.Change? {
            if case .none = change { return nil }
            return change
        }
    }
}
