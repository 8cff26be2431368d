// Role in the benchmark: the sizes. Every workload size and repetition count is here, in two sets:
// the full run the figures in the README come from, and the quick run CI uses to prove the
// benchmark still works.

/// How much work each section does.
struct BenchmarkPlan: Equatable, Sendable {
    /// One list size of the dispatch section, with enough actions for a run of tens of
    /// milliseconds (an action at 100,000 movies shifts about a megabyte, at 1,000 about 16 KB).
    struct DispatchSize: Equatable, Sendable {
        var movies: Int
        var actions: Int
        var targetRatio: Double
    }

    var dispatch: [DispatchSize]
    var dispatchRounds: Int
    var redrawSizes: [Int]
    var redrawChanges: Int
    var pipelineMovies: Int
    var pipelineCommands: Int
    var pipelineRounds: Int
    var loadMovies: Int
    var loadRounds: Int
    var loadTargetRatio: Double

    /// The sizes; takes a minute or so in a release build.
    static let full = BenchmarkPlan(
        dispatch: [
            DispatchSize(movies: 1_000, actions: 40_000, targetRatio: 1.5),
            DispatchSize(movies: 10_000, actions: 8_000, targetRatio: 1.2),
            DispatchSize(movies: 100_000, actions: 800, targetRatio: 1.2),
        ],
        dispatchRounds: 9,
        redrawSizes: [1_000, 100_000],
        redrawChanges: 3_000,
        pipelineMovies: 10_000,
        pipelineCommands: 100_000,
        pipelineRounds: 5,
        loadMovies: 100_000,
        loadRounds: 15,
        loadTargetRatio: 1.2
    )

    /// The same sections and sizes, with far fewer actions: seconds, even in a debug build.
    ///
    /// Its figures are too short-lived to trust; it exists so that CI runs every code path.
    static let quick = BenchmarkPlan(
        dispatch: [
            DispatchSize(movies: 1_000, actions: 1_000, targetRatio: 1.5),
            DispatchSize(movies: 10_000, actions: 200, targetRatio: 1.2),
            DispatchSize(movies: 100_000, actions: 20, targetRatio: 1.2),
        ],
        dispatchRounds: 3,
        redrawSizes: [1_000, 100_000],
        redrawChanges: 100,
        pipelineMovies: 10_000,
        pipelineCommands: 1_000,
        pipelineRounds: 2,
        loadMovies: 10_000,
        loadRounds: 3,
        loadTargetRatio: 1.2
    )
}
