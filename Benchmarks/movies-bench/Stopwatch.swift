// Role in the benchmark: the only clock. Every figure in the report is a difference of two readings
// of the monotonic `ContinuousClock`, which wall-clock adjustments (NTP, a user changing the time)
// cannot disturb.

/// Measures elapsed time from its creation.
struct Stopwatch {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant

    init() {
        start = clock.now
    }

    /// Nanoseconds since the stopwatch was created.
    var nanoseconds: Double {
        Self.nanoseconds(start.duration(to: clock.now))
    }

    /// `duration` in nanoseconds, as a `Double` for averaging and ratios.
    static func nanoseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
    }

    /// Times `body` once, in nanoseconds.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let stopwatch = Stopwatch()
        try body()
        return stopwatch.nanoseconds
    }
}
