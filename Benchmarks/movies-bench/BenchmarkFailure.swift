// Role in the benchmark: the honesty check. A figure is only worth printing if the work behind it
// was the work intended; when a store and its baseline disagree, or the workload was rejected, the
// benchmark stops with this error instead of reporting a timing of something else.

/// Why a benchmark could not produce a trustworthy figure.
struct BenchmarkFailure: Error, CustomStringConvertible {
    /// One line saying what did not add up.
    var description: String
}
