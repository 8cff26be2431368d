// Role in the data flow: between the reducers and the subscribers. An action's reducers hand their
// Changes to the store in one of these; the store delivers them once the action is done. A helper
// of the store's fast path: it keeps the one or two Changes an action makes without a heap buffer.

extension MoviesViewModel {
    /// The Changes one action made, in order.
    ///
    /// Two inline slots before an array: an action makes one Change, or two (a fetch's answer),
    /// and an array would cost an allocation, or a uniqueness check and a copy-on-write path, for
    /// each of the tens of thousands of actions a second the store runs. `.none` never takes a
    /// slot.
    struct Changes: Sequence {
        private var first: MoviesState.Change?
        private var second: MoviesState.Change?
        /// Any further Changes (no action makes more than two today).
        private var rest: [MoviesState.Change] = []

        /// No Changes.
        init() {}

        /// `change`, unless it is `.none`.
        init(_ change: MoviesState.Change) {
            append(change)
        }

        /// Adds `change` after the others; `.none` is dropped (nothing changed, nothing to draw).
        mutating func append(_ change: MoviesState.Change) {
            if case .none = change { return }
            if first == nil {
                first = change
            } else if second == nil {
                second = change
            } else {
                rest.append(change)
            }
        }

        /// The Changes as an array, for a middleware's record.
        var array: [MoviesState.Change] { Array(self) }

        func makeIterator() -> Iterator {
            Iterator(changes: self)
        }

        /// Walks the slots, then the rest.
        struct Iterator: IteratorProtocol {
            let changes: Changes
            var position = 0

            mutating func next() -> MoviesState.Change? {
                defer { position += 1 }
                switch position {
                case 0: return changes.first
                case 1: return changes.second
                default:
                    let index = position - 2
                    return index < changes.rest.count ? changes.rest[index] : nil
                }
            }
        }
    }
}
