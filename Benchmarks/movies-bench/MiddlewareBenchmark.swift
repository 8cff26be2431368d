// Role in the benchmark: section 1's middleware row, what watching the store costs. Every session
// with `--state` or `--trace` runs its actions through a middleware; this times the dispatch
// section's stream through a store watched by one middleware that does nothing, against the same
// bare `[Movie]`, so what is left is the store's own price for having a watcher at all.

import MoviesCore
import MoviesTestSupport

/// A store with one idle middleware against bare array, per action, at one list size.
@MainActor
enum MiddlewareBenchmark {
    /// The figures for one list size.
    struct Result: Codable, Equatable, Sendable {
        /// N: movies in the list (it holds this many or one more throughout).
        var n: Int
        var actions: Int
        var rounds: Int
        /// Best round, in nanoseconds per action: the store with the middleware, and the bare
        /// array.
        var nanosecondsPerAction: Double
        var rawNanosecondsPerAction: Double
        /// Median round, to show the spread.
        var medianNanosecondsPerAction: Double
        var rawMedianNanosecondsPerAction: Double
        /// The store with the middleware over raw: the median of the rounds' ratios.
        var ratio: Double
        var targetRatio: Double

        /// Whether the store with a middleware kept within `targetRatio` of the bare array.
        var meetsTarget: Bool { ratio <= targetRatio }
    }

    /// A middleware that watches every action and does nothing with it: the price of the hook.
    final class Idle: MoviesMiddleware {
        func didSend(_ record: MoviesViewModel.Record, state: MoviesState) {}
    }

    /// Measures `actions` edits at `size` movies, `rounds` times each, the store (one subscriber,
    /// one idle middleware) and raw interleaved.
    static func run(
        movies size: Int, actions count: Int, rounds: Int, targetRatio: Double, seed: UInt64
    ) throws(BenchmarkFailure) -> Result {
        var generator = SeededGenerator(seed: seed)
        let base = SyntheticCatalog.movies(count: size, using: &generator)
        let actions = EditAction.stream(count: count, size: size, using: &generator)

        let (watched, raw) = try Samples.interleaved(rounds: rounds) {
            () throws(BenchmarkFailure) in
            try DispatchBenchmark.timeStore(base, actions, keeper: nil, middleware: [Idle()])
        } against: { () throws(BenchmarkFailure) in
            try DispatchBenchmark.timeRaw(base, actions, against: nil)
        }
        try DispatchBenchmark.checkSameWork(base, actions, middleware: [Idle()])
        let perAction = Double(max(count, 1))
        return Result(
            n: size,
            actions: count,
            rounds: rounds,
            nanosecondsPerAction: watched.best / perAction,
            rawNanosecondsPerAction: raw.best / perAction,
            medianNanosecondsPerAction: watched.median / perAction,
            rawMedianNanosecondsPerAction: raw.median / perAction,
            ratio: watched.medianRatio(to: raw),
            targetRatio: targetRatio
        )
    }
}
