// Role in the benchmark: the sizes. Every workload size and repetition count is here, in two sets:
// the full run the figures in docs/PERFORMANCE.md come from, and the quick run CI uses to prove the
// benchmark still works.

import MoviesCore
import MoviesFormats

/// How much work each section does.
struct BenchmarkPlan: Equatable, Sendable {
    /// One list size of the dispatch section, with enough actions for a run of tens of
    /// milliseconds (an action at 100,000 movies shifts about a megabyte, at 1,000 about 16 KB).
    struct DispatchSize: Equatable, Sendable {
        var movies: Int
        var actions: Int
        var targetRatio: Double
    }

    /// One list size of the find section: its actions, how many of them filter-and-diff follows
    /// (a pass over the whole list per action), and the targets where there are any:
    /// filter-and-diff over the derived list at least `targetSpeedup`, the derived list over a
    /// bare array edit at most `targetRatio`.
    struct FilterSize: Equatable, Sendable {
        var movies: Int
        var actions: Int
        var refilterActions: Int
        var targetSpeedup: Double?
        var targetRatio: Double?
    }

    /// One list size of the undo section: the edits of a round (each then undone and redone),
    /// and the bound on undo/edit and redo/edit, where there is one.
    struct UndoSize: Equatable, Sendable {
        var movies: Int
        var edits: Int
        var targetRatio: Double?
    }

    /// The time-travel section's size: the edits made at `movies` (kept whole by a history of as
    /// many), and the bound on replaying over walking them.
    struct TravelSize: Equatable, Sendable {
        var movies: Int
        var edits: Int
        var targetWalkRatio: Double
    }

    var dispatch: [DispatchSize]
    var dispatchRounds: Int
    /// The size of the middleware row (section 1 too), which runs `dispatchRounds` rounds; its
    /// `targetRatio` bounds the store with one idle middleware over the bare edit.
    var middleware: DispatchSize
    var redrawSizes: [Int]
    var redrawChanges: Int
    var pipelineMovies: Int
    var pipelineCommands: Int
    var pipelineRounds: Int
    var loadMovies: Int
    var loadRounds: Int
    var loadTargetRatio: Double
    var undo: [UndoSize]
    var undoRounds: Int
    /// Edits whose history's memory is measured, the same at every size.
    var historyEntries: Int
    /// The most memory the snapshot control may fill with copies of the list, in bytes.
    var snapshotBudget: Int
    /// Undo/redo steps of a refresh, timed together.
    var reloadSteps: Int
    var scriptEdits: Int
    var scriptRounds: Int
    var scriptTargetRatio: Double
    var restoreMovies: Int
    /// The journal the restore target is held to: the longest the app keeps before folding it
    /// into a snapshot (a snapshot alone is held to it too).
    var restoreJournalLines: Int
    /// A longer journal than the app ever keeps, to show how restoring grows with it.
    var restoreBoundLines: Int
    var restoreRounds: Int
    var restoreTargetRatio: Double
    /// List sizes of the screen section, with the window it draws in.
    var screenSizes: [Int]
    var screenEdits: Int
    var screenRows: Int
    var screenColumns: Int
    var filter: [FilterSize]
    /// The shares of the list the find section's filters match, in percent.
    var filterPercents: [Int]
    var filterRounds: Int
    /// List sizes of the follow section, the edits followed at each, and the bound on the 99th
    /// percentile of the follower's lag.
    var followSizes: [Int]
    var followEdits: Int
    var followTargetLagMilliseconds: Double
    var travel: TravelSize
    var travelRounds: Int
    /// List sizes at which the time-travel section measures its history's bytes per edit, after
    /// `travel.edits` edits at each; the travelled size among them.
    var travelMemorySizes: [Int]

    /// The full sizes; takes a minute or two in a release build (section 6 mostly waits for
    /// the disk).
    ///
    /// On the main actor because it reads the state file's journal bound, which the journal (a
    /// main-actor type) owns.
    @MainActor static let full = BenchmarkPlan(
        dispatch: [
            DispatchSize(movies: 1_000, actions: 40_000, targetRatio: 1.5),
            DispatchSize(movies: 10_000, actions: 8_000, targetRatio: 1.1),
            DispatchSize(movies: 100_000, actions: 800, targetRatio: 1.1),
        ],
        dispatchRounds: 9,
        middleware: DispatchSize(movies: 1_000, actions: 40_000, targetRatio: 2),
        redrawSizes: [1_000, 100_000],
        redrawChanges: 3_000,
        pipelineMovies: 10_000,
        pipelineCommands: 100_000,
        pipelineRounds: 5,
        loadMovies: 100_000,
        loadRounds: 15,
        loadTargetRatio: 1.2,
        undo: [
            UndoSize(movies: 1_000, edits: 40_000, targetRatio: nil),
            UndoSize(movies: 10_000, edits: 8_000, targetRatio: 1.2),
            UndoSize(movies: 100_000, edits: 800, targetRatio: 1.2),
        ],
        undoRounds: 9,
        historyEntries: UndoHistory.defaultLimit,
        snapshotBudget: 64 * 1_048_576,
        reloadSteps: 10_000,
        scriptEdits: 10_000,
        scriptRounds: 3,
        scriptTargetRatio: 3,
        restoreMovies: 100_000,
        restoreJournalLines: StateFileJournal.maximumJournalLines,
        restoreBoundLines: StateFileJournal.maximumJournalLines * 4,
        restoreRounds: 9,
        restoreTargetRatio: 1.2,
        screenSizes: [1_000, 100_000],
        screenEdits: 2_000,
        screenRows: 40,
        screenColumns: 80,
        filter: [
            FilterSize(
                movies: 1_000, actions: 20_000, refilterActions: 2_000, targetSpeedup: nil,
                targetRatio: nil),
            FilterSize(
                movies: 10_000, actions: 4_000, refilterActions: 300, targetSpeedup: nil,
                targetRatio: nil),
            FilterSize(
                movies: 100_000, actions: 1_000, refilterActions: 60, targetSpeedup: 10,
                targetRatio: 2),
        ],
        filterPercents: [1, 10, 50, 100],
        filterRounds: 5,
        followSizes: [1_000, 10_000, 100_000],
        followEdits: 1_000,
        followTargetLagMilliseconds: 100,
        travel: TravelSize(movies: 100_000, edits: 10_000, targetWalkRatio: 100),
        travelRounds: 5,
        travelMemorySizes: [1_000, 10_000, 100_000]
    )

    /// The same sections and sizes, with far fewer actions: seconds, even in a debug build.
    ///
    /// Its figures are too short-lived to trust; it exists so that CI runs every code path.
    static let quick = BenchmarkPlan(
        dispatch: [
            DispatchSize(movies: 1_000, actions: 1_000, targetRatio: 1.5),
            DispatchSize(movies: 10_000, actions: 200, targetRatio: 1.1),
            DispatchSize(movies: 100_000, actions: 20, targetRatio: 1.1),
        ],
        dispatchRounds: 3,
        middleware: DispatchSize(movies: 1_000, actions: 1_000, targetRatio: 2),
        redrawSizes: [1_000, 100_000],
        redrawChanges: 100,
        pipelineMovies: 10_000,
        pipelineCommands: 1_000,
        pipelineRounds: 2,
        loadMovies: 10_000,
        loadRounds: 3,
        loadTargetRatio: 1.2,
        undo: [
            UndoSize(movies: 1_000, edits: 1_000, targetRatio: nil),
            UndoSize(movies: 10_000, edits: 200, targetRatio: 1.2),
            UndoSize(movies: 100_000, edits: 20, targetRatio: 1.2),
        ],
        undoRounds: 3,
        historyEntries: 100,
        snapshotBudget: 8 * 1_048_576,
        reloadSteps: 100,
        scriptEdits: 200,
        scriptRounds: 1,
        scriptTargetRatio: 3,
        restoreMovies: 10_000,
        restoreJournalLines: 100,
        restoreBoundLines: 300,
        restoreRounds: 3,
        restoreTargetRatio: 1.2,
        screenSizes: [1_000, 10_000],
        screenEdits: 200,
        screenRows: 40,
        screenColumns: 80,
        filter: [
            FilterSize(
                movies: 1_000, actions: 200, refilterActions: 50, targetSpeedup: nil,
                targetRatio: nil),
            FilterSize(
                movies: 10_000, actions: 40, refilterActions: 10, targetSpeedup: nil,
                targetRatio: nil),
            FilterSize(
                movies: 100_000, actions: 10, refilterActions: 3, targetSpeedup: 10, targetRatio: 2),
        ],
        filterPercents: [10, 100],
        filterRounds: 2,
        followSizes: [1_000, 10_000],
        followEdits: 20,
        followTargetLagMilliseconds: 100,
        travel: TravelSize(movies: 10_000, edits: 200, targetWalkRatio: 100),
        travelRounds: 2,
        travelMemorySizes: [1_000, 10_000]
    )
}
