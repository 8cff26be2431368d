// Role in the benchmark: the running order. It runs the eleven sections with the sizes
// of a `BenchmarkPlan`, tells the person waiting on stderr what it is doing, and gathers the
// figures into a `BenchmarkReport`.

import Foundation

/// Runs every section and collects the report.
@MainActor
enum BenchmarkSuite {
    /// Runs the plan `options` asks for, section by section, in order.
    static func run(_ options: BenchmarkOptions) async throws(BenchmarkFailure) -> BenchmarkReport {
        let plan = options.quick ? BenchmarkPlan.quick : BenchmarkPlan.full
        let seed = options.seed

        let (dispatch, middleware) = try runDispatch(plan, seed: seed)

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

        var undo: [UndoBenchmark.Result] = []
        for size in plan.undo {
            progress("undo: \(size.movies) movies, \(size.edits) edits undone and redone")
            undo.append(
                try UndoBenchmark.run(
                    movies: size.movies, edits: size.edits, rounds: plan.undoRounds,
                    targetRatio: size.targetRatio, historyEntries: plan.historyEntries,
                    snapshotBudget: plan.snapshotBudget, reloadSteps: plan.reloadSteps,
                    seed: seed))
        }

        progress("state file: \(plan.scriptEdits) piped edits, with --state and without")
        let script = try await PipedScriptBenchmark.run(
            edits: plan.scriptEdits, rounds: plan.scriptRounds,
            targetRatio: plan.scriptTargetRatio, seed: seed)

        let journals = [0, plan.restoreJournalLines, plan.restoreBoundLines]
        progress("restore: \(plan.restoreMovies) movies, journals of \(journals) lines")
        let restore = try RestoreBenchmark.run(
            movies: plan.restoreMovies, journals: journals,
            targeted: [0, plan.restoreJournalLines], rounds: plan.restoreRounds,
            targetRatio: plan.restoreTargetRatio, seed: seed)

        var screen: [ScreenBenchmark.Result] = []
        for size in plan.screenSizes {
            progress("screen: \(size) movies, a \(plan.screenRows)-row window")
            screen.append(
                try ScreenBenchmark.run(
                    movies: size, edits: plan.screenEdits, rows: plan.screenRows,
                    columns: plan.screenColumns, seed: seed))
        }

        var filter: [FilterBenchmark.Result] = []
        var filterScreen: [FilteredScreenBenchmark.Result] = []
        for size in plan.filter {
            let rates = plan.filterPercents.map { "\($0)%" }.joined(separator: ", ")
            progress("find: \(size.movies) movies, \(size.actions) actions, matching \(rates)")
            for percent in plan.filterPercents {
                filter.append(
                    try FilterBenchmark.run(
                        movies: size.movies, percent: percent, actions: size.actions,
                        refilterActions: size.refilterActions, rounds: plan.filterRounds,
                        targetSpeedup: size.targetSpeedup,
                        targetRatio: size.targetRatio, seed: seed))
                filterScreen.append(
                    try FilteredScreenBenchmark.run(
                        movies: size.movies, percent: percent, edits: size.actions,
                        rows: plan.screenRows, columns: plan.screenColumns,
                        rounds: plan.filterRounds, seed: seed))
            }
        }

        var follow: [FollowBenchmark.Result] = []
        for size in plan.followSizes {
            progress("follow: \(size) movies, \(plan.followEdits) edits through a follower process")
            follow.append(
                try FollowBenchmark.run(
                    movies: size, edits: plan.followEdits, rows: plan.screenRows,
                    columns: plan.screenColumns,
                    targetLagMilliseconds: plan.followTargetLagMilliseconds, seed: seed))
        }

        let travel = plan.travel
        progress(
            "time travel: \(travel.edits) edits at \(travel.movies) movies, travelled and replayed")
        let timeTravel = try TimeTravelBenchmark.run(
            movies: travel.movies, edits: travel.edits, rounds: plan.travelRounds,
            targetWalkRatio: travel.targetWalkRatio, memorySizes: plan.travelMemorySizes,
            copyBudget: plan.snapshotBudget, seed: seed)

        return BenchmarkReport(
            machine: MachineInfo.current(),
            mode: options.quick ? "quick" : "full",
            seed: seed,
            dispatch: dispatch,
            middleware: middleware,
            redraw: redraw,
            pipeline: pipeline,
            load: load,
            undo: undo,
            script: script,
            restore: restore,
            screen: screen,
            filter: filter,
            filterScreen: filterScreen,
            follow: follow,
            travel: timeTravel
        )
    }

    /// Section 1: the store against the bare array at each size, then with one idle middleware.
    ///
    /// `--dispatch-only` runs just this, for measuring the store while changing it.
    static func runDispatch(
        _ plan: BenchmarkPlan, seed: UInt64
    ) throws(BenchmarkFailure) -> ([DispatchBenchmark.Result], MiddlewareBenchmark.Result) {
        var dispatch: [DispatchBenchmark.Result] = []
        for size in plan.dispatch {
            progress("dispatch: \(size.movies) movies, \(size.actions) actions")
            dispatch.append(
                try DispatchBenchmark.run(
                    movies: size.movies, actions: size.actions, rounds: plan.dispatchRounds,
                    targetRatio: size.targetRatio, seed: seed))
        }
        let size = plan.middleware
        progress("middleware: \(size.movies) movies, \(size.actions) actions, one idle middleware")
        let middleware = try MiddlewareBenchmark.run(
            movies: size.movies, actions: size.actions, rounds: plan.dispatchRounds,
            targetRatio: size.targetRatio, seed: seed)
        return (dispatch, middleware)
    }

    /// One line on stderr, so that a long run shows signs of life without touching stdout.
    private static func progress(_ message: String) {
        FileHandle.standardError.write(Data("movies-bench: \(message)…\n".utf8))
    }
}
