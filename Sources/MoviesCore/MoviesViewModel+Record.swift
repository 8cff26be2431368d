// Role in the data flow: the store's account of one action, handed to every middleware after the
// action ran. The trace writes one `Record` per line, and replay compares a fresh run with them.

extension MoviesViewModel {
    /// What one action did: the Changes it emitted, in order, or the error that rejected it.
    ///
    /// In JSON, one object per line of a trace:
    /// `{"action":{"delete":{"at":2}},"changes":[{"deleted":{…}}],"count":29,"ns":840}`, with
    /// `"error"` in place of `"changes"` for a rejected action.
    public struct Record: Equatable, Sendable, Codable {
        /// What the action produced.
        public enum Outcome: Equatable, Sendable {
            /// The action was accepted and emitted these Changes (none for a no-op).
            case changes(Changes)
            /// The action was rejected; the state is as it was.
            case rejected(MoviesState.EditError)
        }

        /// The action as it was sent.
        public var action: Action
        /// Its Changes or its error.
        public var outcome: Outcome
        /// How many movies the list held afterwards.
        public var count: Int
        /// How long the action's reducers took, in nanoseconds (delivery to subscribers excluded);
        /// 0 unless a middleware of the store asked for it (`MoviesMiddleware.wantsTiming`).
        public var nanoseconds: Int64

        public init(action: Action, outcome: Outcome, count: Int, nanoseconds: Int64) {
            self.action = action
            self.outcome = outcome
            self.count = count
            self.nanoseconds = nanoseconds
        }

        /// Whether `other` records the same action with the same outcome and count; timings
        /// always differ between runs, so replay ignores them.
        public func matches(_ other: Record) -> Bool {
            action == other.action && outcome == other.outcome && count == other.count
        }

        private enum CodingKeys: String, CodingKey {
            case action, changes, error, count
            case nanoseconds = "ns"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            action = try container.decode(Action.self, forKey: .action)
            if container.contains(.error) {
                outcome = .rejected(
                    try container.decode(MoviesState.EditError.self, forKey: .error))
            } else {
                let changes = try container.decode([MoviesState.Change].self, forKey: .changes)
                guard let inline = Changes(changes) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .changes, in: container,
                        debugDescription: "an action's Changes are never none")
                }
                outcome = .changes(inline)
            }
            count = try container.decode(Int.self, forKey: .count)
            nanoseconds = try container.decode(Int64.self, forKey: .nanoseconds)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(action, forKey: .action)
            switch outcome {
            case .changes(let changes): try container.encode(Array(changes), forKey: .changes)
            case .rejected(let error): try container.encode(error, forKey: .error)
            }
            try container.encode(count, forKey: .count)
            try container.encode(nanoseconds, forKey: .nanoseconds)
        }
    }
}
