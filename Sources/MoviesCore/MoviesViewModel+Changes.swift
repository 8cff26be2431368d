// Role in the data flow: between the reducers and everyone who asked. An action's reducers hand
// their Changes to the store in one of these; the store delivers them to the subscribers once the
// action is done, and `send(_:)` returns them to its caller, so the caller knows what the action
// did (nothing, for a move onto itself or a rename to the same title) without working it out.
//
//   send(action) ─► Root.reduce ─► Changes ─┬─► deliver to subscribers
//                                           └─► returned to the caller of send

extension MoviesViewModel {
    /// The Changes one action made, in order: none, one, two (a fetch's answer), or one for
    /// each step of a time travel (`goto`, `skip`).
    ///
    /// What `send(_:)` returns. Its caller learns from it what the action did: `isEmpty` says
    /// the action was accepted and changed nothing, which no layer above the reducer has to guess
    /// (`move(from: 3, to: 3)` and a rename to the title the movie has both return `.none`). It
    /// is the very value the store delivers, so returning it costs nothing.
    ///
    /// Two inline slots, and an array only past them: an edit makes one Change and a fetch's
    /// answer two, and an array would cost an allocation, or a uniqueness check and a
    /// copy-on-write path, for each of the tens of thousands of edits a second the store runs.
    /// Only a time travel, which makes a Change for each edit it crosses, fills the array.
    /// `.none` marks an empty slot; it is never one of the Changes.
    public struct Changes: Equatable, Sendable, Sequence {
        // Constants, set once: the initializers an action's reducers use consume their Changes,
        // so each is moved into its slot, never copied. An empty slot holds `.none`.
        private let first: MoviesState.Change
        private let second: MoviesState.Change
        /// The Changes after the second, out of line, for a travel; `nil` for every other action,
        /// which then pays for no array.
        private let rest: Rest?

        /// The Changes of a travel after its second.
        private final class Rest: Equatable, Sendable {
            let changes: [MoviesState.Change]

            init(_ changes: [MoviesState.Change]) {
                self.changes = changes
            }

            static func == (left: Rest, right: Rest) -> Bool {
                left.changes == right.changes
            }
        }
        /// Whether the action was sent by a subscriber during a delivery and waits its turn.
        ///
        /// Such an action has not run yet when `send(_:)` returns: it runs once the action being
        /// dispatched is over (its Changes delivered, its middleware told), after any action
        /// queued before it. These Changes are then empty; its own Changes reach the subscribers
        /// and the middleware only.
        public let isQueued: Bool

        /// No Changes.
        init() {
            self.init(first: .none, second: .none, rest: nil, isQueued: false)
        }

        /// `change`, unless it is `.none`.
        init(_ change: consuming MoviesState.Change) {
            self.init(first: change, second: .none, rest: nil, isQueued: false)
        }

        /// `change`, then `next`; either is left out if it is `.none`.
        init(_ change: consuming MoviesState.Change, then next: consuming MoviesState.Change) {
            if case .none = change {
                self.init(first: next, second: .none, rest: nil, isQueued: false)
            } else {
                self.init(first: change, second: next, rest: nil, isQueued: false)
            }
        }

        private init(
            first: consuming MoviesState.Change, second: consuming MoviesState.Change,
            rest: consuming Rest?, isQueued: Bool
        ) {
            self.first = first
            self.second = second
            self.rest = rest
            self.isQueued = isQueued
        }

        /// `changes`, if none of them is `.none` (which marks an empty slot, never a Change).
        ///
        /// For a record read back from a trace, a time travel's steps, and an array literal.
        init?(_ changes: [MoviesState.Change]) {
            guard !changes.contains(.none) else { return nil }
            self.init(
                first: changes.first ?? .none, second: changes.dropFirst().first ?? .none,
                rest: changes.count > 2 ? Rest(Array(changes.dropFirst(2))) : nil, isQueued: false)
        }

        /// No Changes yet: the action waits until the current delivery is over.
        static var queued: Changes {
            Changes(first: .none, second: .none, rest: nil, isQueued: true)
        }

        /// Whether the action made no Change: it was accepted and left everything as it was (or
        /// it is queued: see `isQueued`).
        public var isEmpty: Bool { first == .none }

        /// How many Changes the action made.
        public var count: Int {
            first == .none ? 0 : second == .none ? 1 : 2 + (rest?.changes.count ?? 0)
        }

        /// Calls `body` with each Change, in order.
        func inOrder(_ body: (MoviesState.Change) -> Void) {
            if first != .none { body(first) }
            if second != .none { body(second) }
            for change in rest?.changes ?? [] { body(change) }
        }

        /// The Changes, in order.
        public func makeIterator() -> Iterator {
            Iterator(coming: first, later: second, rest: rest?.changes ?? [])
        }

        /// Hands out the Changes of a `Changes`, in order.
        public struct Iterator: IteratorProtocol {
            fileprivate var coming: MoviesState.Change
            fileprivate var later: MoviesState.Change
            fileprivate let rest: [MoviesState.Change]
            fileprivate var restIndex = 0

            fileprivate init(
                coming: MoviesState.Change, later: MoviesState.Change, rest: [MoviesState.Change]
            ) {
                self.coming = coming
                self.later = later
                self.rest = rest
            }

            public mutating func next() -> MoviesState.Change? {
                guard coming != .none else { return nil }
                defer {
                    coming = later
                    if restIndex < rest.count {
                        later = rest[restIndex]
                        restIndex += 1
                    } else {
                        later = .none
                    }
                }
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
    /// - Precondition: none of them `.none`, as an action makes them.
    public init(arrayLiteral changes: MoviesState.Change...) {
        guard let changes = Self(changes) else {
            preconditionFailure("an action's Changes are never .none")
        }
        self = changes
    }
}
