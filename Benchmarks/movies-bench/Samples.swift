// Role in the benchmark: noise control. On a busy two-core machine a single timing can be doubled
// by a context switch or by a neighbour on the same core; each figure is therefore measured several
// times, interleaved with its baseline, and summarized by the best and the median run, and each
// ratio by the median of the ratios of rounds run back to back.

/// Repeated timings of one thing, in nanoseconds, in the order they were taken.
struct Samples: Equatable, Sendable {
    private(set) var values: [Double] = []

    /// Times `measured` and its `baseline` `rounds` times, back to back, alternating which goes
    /// first so that neither always runs on a warmer cache or a quieter machine.
    ///
    /// - Returns: the measured side's samples and the baseline's, round for round, ready for
    ///   `medianRatio(to:)`.
    static func interleaved(
        rounds: Int, _ measured: () throws(BenchmarkFailure) -> Double,
        against baseline: () throws(BenchmarkFailure) -> Double
    ) throws(BenchmarkFailure) -> (measured: Samples, baseline: Samples) {
        var own = Samples()
        var base = Samples()
        for round in 0..<rounds {
            if round % 2 == 0 {
                base.append(try baseline())
                own.append(try measured())
            } else {
                own.append(try measured())
                base.append(try baseline())
            }
        }
        return (own, base)
    }

    /// Records one timing.
    mutating func append(_ nanoseconds: Double) {
        values.append(nanoseconds)
    }

    /// The fastest run: the one least disturbed by the rest of the machine.
    ///
    /// Interference only ever adds time to CPU-bound work, so the minimum is the most repeatable
    /// estimate of its cost.
    var best: Double {
        values.min() ?? 0
    }

    /// The middle run, reported next to the best one to show how noisy the machine was.
    var median: Double {
        Self.median(of: values)
    }

    /// The median, over rounds, of this run's time divided by `baseline`'s time in the same
    /// round.
    ///
    /// The two sides of a round run back to back, so load from elsewhere on the machine that
    /// lasts longer than a round slows both alike and cancels out of their ratio, and the median
    /// drops the few rounds a short burst spoiled for one side only. A ratio of the two best
    /// runs would instead compare moments that may have been quiet to different degrees.
    func medianRatio(to baseline: Samples) -> Double {
        let ratios = zip(values, baseline.values).compactMap { own, base in
            base > 0 ? own / base : nil
        }
        return Self.median(of: ratios)
    }

    /// The middle of `values` (the mean of the two middle ones for an even count); 0 for none.
    static func median(of values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
