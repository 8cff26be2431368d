// Role: outside the app's data flow, beside the store as any middleware is. Tests that check what
// the store tells its middleware (every action's record, in order, and when `willSend` and
// `didSend` come) install this one.

import MoviesCore

/// A middleware that keeps every record the store hands it and can narrate its calls.
@MainActor
package final class RecordingMiddleware: MoviesMiddleware {
    /// Every record, in the order the actions ran.
    package private(set) var records: [MoviesViewModel.Record] = []
    /// Whether the records should say how long the reducers took.
    package let wantsTiming: Bool
    private let name: String
    private let narrate: (String) -> Void

    /// A recorder called `name` in its narration; `narrate` hears "NAME will VERB (N movies)"
    /// before each action and "NAME did VERB (N movies)" after it.
    package init(
        name: String = "log", wantsTiming: Bool = false,
        narrate: @escaping (String) -> Void = { _ in }
    ) {
        self.name = name
        self.wantsTiming = wantsTiming
        self.narrate = narrate
    }

    package func willSend(_ action: MoviesViewModel.Action, state: MoviesState) {
        narrate("\(name) will \(Self.verb(action)) (\(state.movies.count) movies)")
    }

    package func didSend(_ record: MoviesViewModel.Record, state: MoviesState) {
        records.append(record)
        narrate("\(name) did \(Self.verb(record.action)) (\(state.movies.count) movies)")
    }

    /// The action's case name: `delete` for `.delete(at: 2)`.
    private static func verb(_ action: MoviesViewModel.Action) -> String {
        String(String(describing: action).prefix { $0.isLetter })
    }
}
