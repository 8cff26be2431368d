// Role: outside the app's data flow, a guard for tests that must cover every kind of Change. A test
// that lists one example of each kind (its JSON, the line the view draws for it) maps its examples
// to these kinds and expects every kind among them. The mapping is an exhaustive `switch`, so a new
// case of `MoviesState.Change` does not compile here until it has a kind, and then each such test
// fails until it has an example of it.

import MoviesCore

/// The kind of a `MoviesState.Change`, its case without the values.
package enum ChangeKind: CaseIterable, Sendable {
    case none, fetch, reloaded, inserted, deleted, moved, updated

    /// The kind of `change`.
    init(_ change: MoviesState.Change) {
        switch change {
        case .none: self = .none
        case .fetch: self = .fetch
        case .reloaded: self = .reloaded
        case .inserted: self = .inserted
        case .deleted: self = .deleted
        case .moved: self = .moved
        case .updated: self = .updated
        }
    }

    /// The kinds of `changes` that none of them has, in declaration order: empty when every kind
    /// has an example.
    package static func missing(from changes: some Sequence<MoviesState.Change>) -> [ChangeKind] {
        let kinds = Set(changes.map(ChangeKind.init))
        return allCases.filter { !kinds.contains($0) }
    }
}
