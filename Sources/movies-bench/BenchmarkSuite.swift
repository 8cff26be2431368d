// Role in the benchmark: the running order. It runs the four sections of the issue with the sizes
// of a `BenchmarkPlan`, tells the person waiting on stderr what it is doing, and gathers the
// figures into a `BenchmarkReport`.

import Foundation

/// Runs every section and collects the report.
@MainActor
enum BenchmarkSuite {
    /// Runs the plan `options` asks for, section by section in the order.
    static func run(_ options: BenchmarkOptions) async throws(BenchmarkFailure) -> BenchmarkReport {
        let plan = options.quick ? BenchmarkPlan.quick : BenchmarkPlan.full
        let seed = options.seed

        var dispatch: [DispatchBenchmark.Result] = []
        for size in plan.dispatch {
            progress("dispatch: \(size.movies) movies, \(size.actions) actions")
            dispatch.append(
                try DispatchBenchmark.run(
                    movies: size.movies, actions: size.actions, rounds: plan.dispatchRounds,
                    targetRatio: size.targetRatio, seed: seed))
        }

        var redraw: [RedrawBenchmark.Result] = []
        for size in plan.redrawSizes {
            progress("redraw: \(size) movies")
            redraw.append(
                try RedrawBenchmark.run(movies: size, changes: plan.redrawChanges, seed: seed))
        }

        progress("pipeline: \(plan.pipelineCommands) commands at \(plan.pipelineMovies) movies")
        let pipeline = try await PipelineBenchmark.run(
            movies: plan.pipelineMovies, commands: plan.pipelineCommands,
            rounds: plan.pipelineRounds, seed: seed)

        progress("load: \(plan.loadMovies) movies")
        let load = try await LoadBenchmark.run(
            movies: plan.loadMovies, rounds: plan.loadRounds, targetRatio: plan.loadTargetRatio,
            seed: seed)

        return BenchmarkReport(
            machine: MachineInfo.current(),
            mode: options.quick ? "quick" : "full",
            seed: seed,
            dispatch: dispatch,
            redraw: redraw,
            pipeline: pipeline,
            load: load
        )
    }

    /// One line on stderr, so that a long run shows signs of life without touching stdout.
    private static func progress(_ message: String) {
        FileHandle.standardError.write(Data("movies-bench: \(message)…\n".utf8))
    }
}
