// Role in the data flow: between the reducers and the subscribers. An action's reducers hand their
// Changes to the store in one of these; the store delivers them once the action is done. A helper
// of the store's fast path: it keeps the one or two Changes an action makes without a heap buffer.

extension MoviesViewModel {
    /// The Changes one action made, in order: none, one, or two (a fetch's answer).
    ///
    /// Two inline slots rather than an array: no action makes more than two Changes (the root
    /// reducer builds every one of these, so that is plain to see), and an array would cost an
    /// allocation, or a uniqueness check and a copy-on-write path, for each of the tens of
    /// thousands of actions a second the store runs. `.none` never takes a slot.
    struct Changes {
        private var first: MoviesState.Change?
        private var second: MoviesState.Change?

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

        /// `change` as a slot's content: `.none` leaves the slot empty.
        private static func slot(_ change: MoviesState.Change) -> MoviesState.Change? {
            if case .none = change { return nil }
            return change
        }
    }
}
