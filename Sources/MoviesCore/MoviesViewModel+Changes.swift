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
    /// thousands of actions a second the store runs. `.none` marks an empty slot; it is never
    /// one of the Changes.
    public struct Changes: Equatable, Sendable, Sequence {
        // Constants, set once: the initializers an action's reducers use consume their Changes,
        // so each is moved into its slot, never copied. An empty slot holds `.none`.
        private let first: MoviesState.Change
        private let second: MoviesState.Change
        /// Whether the action was sent by a subscriber during a delivery and waits its turn.
        ///
        /// Such an action has not run yet when `send(_:)` returns: it runs once the action being
        /// dispatched is over (its Changes delivered, its middleware told), after any action
        /// queued before it. These Changes are then empty; its own Changes reach the subscribers
        /// and the middleware only.
        public let isQueued: Bool

        /// No Changes.
        init() {
            self.init(first: .none, second: .none, isQueued: false)
        }

        /// `change`, unless it is `.none`.
        init(_ change: consuming MoviesState.Change) {
            self.init(first: change, second: .none, isQueued: false)
        }

        /// `change`, then `next`; either is left out if it is `.none`.
        init(_ change: consuming MoviesState.Change, then next: consuming MoviesState.Change) {
            if case .none = change {
                self.init(first: next, second: .none, isQueued: false)
            } else {
                self.init(first: change, second: next, isQueued: false)
            }
        }

        private init(
            first: consuming MoviesState.Change, second: consuming MoviesState.Change,
            isQueued: Bool
        ) {
            self.first = first
            self.second = second
            self.isQueued = isQueued
        }

        /// `changes`, if they are what an action can make: at most two, none of them `.none`.
        ///
        /// For a record read back from a trace, and for an array literal.
        init?(_ changes: [MoviesState.Change]) {
            guard changes.count <= 2, !changes.contains(.none) else { return nil }
            self.init(
                first: changes.first ?? .none, second: changes.dropFirst().first ?? .none,
                isQueued: false)
        }

        /// No Changes yet: the action waits until the current delivery is over.
        static var queued: Changes {
            Changes(first: .none, second: .none, isQueued: true)
        }

        /// Whether the action made no Change: it was accepted and left everything as it was (or
        /// it is queued: see `isQueued`).
        public var isEmpty: Bool { first == .none }

        /// How many Changes the action made: 0, 1 or 2.
        public var count: Int { first == .none ? 0 : second == .none ? 1 : 2 }

        /// Calls `body` with each Change, in order.
        func inOrder(_ body: (MoviesState.Change) -> Void) {
            if first != .none { body(first) }
            if second != .none { body(second) }
        }

        /// The Changes, in order.
        public func makeIterator() -> Iterator {
            Iterator(coming: first, later: second)
        }

        /// Hands out the Changes of a `Changes`, in order.
        public struct Iterator: IteratorProtocol {
            fileprivate var coming: MoviesState.Change
            fileprivate var later: MoviesState.Change

            public mutating func next() -> MoviesState.Change? {
                guard coming != .none else { return nil }
                defer { (coming, later) = (later, .none) }
                return coming
            }
        }

        public var underestimatedCount: Int { count }
    }
}

extension MoviesViewModel.Changes: ExpressibleByArrayLiteral {
    /// The Changes written out, as a test or a record states what an action did:
    /// `.changes([.deleted(alien, at: 0)])`.
    ///
    /// - Precondition: at most two, none of them `.none`, as an action makes them.
    public init(arrayLiteral changes: MoviesState.Change...) {
        guard let changes = Self(changes) else {
            preconditionFailure("an action makes at most two Changes, none of them .none")
        }
        self = changes
    }
}
