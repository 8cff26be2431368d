// Role in the data flow: a shortcut inside the store, for speed only. A middleware's record says how
// long the action's reducers took, but only a middleware that asks (the trace) reads it; reading the
// clock costs about as much as a small action, so without a request the store reads none.

/// Times an action's reducers when a middleware asked for it (`MoviesMiddleware.wantsTiming`).
struct ReducerTimer {
    /// When the reducers started, as the time since `origin`, or nil when nobody asked.
    ///
    /// A `Duration` rather than the clock's `Instant`: an optional `Instant` is handled through
    /// generic code even when it is nil, on every action.
    private let start: Duration?
    private static let origin = ContinuousClock.now

    /// Reads the clock now if `reading`, and never otherwise.
    init(reading: Bool) {
        start = reading ? Self.origin.duration(to: .now) : nil
    }

    /// Nanoseconds since the timer started, or 0 if it did not read the clock.
    var nanoseconds: Int64 {
        guard let start else { return 0 }
        let (seconds, attoseconds) = (Self.origin.duration(to: .now) - start).components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
