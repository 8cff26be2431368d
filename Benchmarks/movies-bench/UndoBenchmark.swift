// Role in the benchmark: section 5, undo and redo. A seeded stream of inserts, moves and deletes is
// sent to the store, then undone step by step, then redone, all through `MoviesViewModel.send`,
// each phase timed in the same round as the edits it reverts. The history keeps Changes, so an
// undo should cost what its edit cost, and an entry should take the same bytes at every list size;
// a history of snapshots (the naive undo) is measured beside it as the control.

import MoviesCore
import MoviesTestSupport

/// Undo and redo against the edits they revert, and the memory the history holds, at one size.
@MainActor
enum UndoBenchmark {
    /// The figures for one list size.
    struct Result: Codable, Equatable, Sendable {
        /// Movies in the list (it holds this many or one more throughout).
        var movies: Int
        /// Edits per round; each round then undoes all of them and redoes all of them.
        var edits: Int
        var rounds: Int
        /// Best round, in nanoseconds per step: an edit, an undo, a redo.
        var editNanoseconds: Double
        var undoNanoseconds: Double
        var redoNanoseconds: Double
        /// Median rounds, to show the spread.
        var editMedianNanoseconds: Double
        var undoMedianNanoseconds: Double
        var redoMedianNanoseconds: Double
        /// Undo over edit and redo over edit: the medians of the rounds' ratios.
        var undoRatio: Double
        var redoRatio: Double
        /// The bound on both ratios at this size, if there is one.
        var targetRatio: Double?
        /// Undo and redo of a refresh (the whole list swapped back and forth), best round, in
        /// nanoseconds per step.
        var reloadUndoNanoseconds: Double
        /// Edits in the history whose memory was measured: the default history limit.
        var historyEntries: Int
        /// Heap bytes the history held per entry; `nil` where the heap cannot be measured.
        var historyBytesPerEntry: Double?
        /// The control: a history of snapshots, one copy of the list per action.
        ///
        /// As many entries as fit in the plan's memory budget (one entry is a whole list).
        var snapshotEntries: Int
        var snapshotBytesPerEntry: Double?
        /// Best round, in nanoseconds per action, and its ratio to the edits of the same round.
        var snapshotNanoseconds: Double
        var snapshotRatio: Double
    }

    /// Measures `count` edits at `size` movies, undone and redone, `rounds` times; then the
    /// history's memory after `historyEntries` edits, and the snapshot control.
    static func run(
        movies size: Int, edits count: Int, rounds: Int, targetRatio: Double?,
        historyEntries: Int, snapshotBudget: Int, reloadSteps: Int, seed: UInt64
    ) throws(BenchmarkFailure) -> Result {
        var generator = SeededGenerator(seed: seed)
        let base = SyntheticCatalog.movies(count: size, using: &generator)
        let edits = EditAction.stream(count: count, size: size, using: &generator)
        let expected = finalList(base, edits)
        let memoryEdits = EditAction.stream(
            count: historyEntries, size: size, using: &generator)
        let snapshotCount = min(
            historyEntries, max(4, snapshotBudget / (size * MemoryLayout<Movie>.stride)))
        let snapshotEdits = Array(memoryEdits.prefix(snapshotCount))
        let snapshotExpected = finalList(base, snapshotEdits)
        let actions = edits.map(\.action)
        let snapshotActions = snapshotEdits.map(\.action)

        var edit = Samples()
        var undo = Samples()
        var redo = Samples()
        var snapshot = Samples()
        for _ in 0..<rounds {
            let steps = try timeRound(base, actions, expecting: expected)
            edit.append(steps.edit)
            undo.append(steps.undo)
            redo.append(steps.redo)
            snapshot.append(try timeSnapshots(base, snapshotActions, expecting: snapshotExpected))
        }
        var reload = Samples()
        for _ in 0..<rounds {
            reload.append(try timeReloadUndo(base, steps: reloadSteps))
        }

        let historyBytes = try StoreMemory.bytesPerEdit(
            base, memoryEdits.map(\.action), historyLimit: historyEntries, snapshots: false,
            section: "undo")
        let snapshotBytes = try StoreMemory.bytesPerEdit(
            base, snapshotActions, historyLimit: 0, snapshots: true, section: "undo")
        return Result(
            movies: size,
            edits: count,
            rounds: rounds,
            editNanoseconds: edit.best,
            undoNanoseconds: undo.best,
            redoNanoseconds: redo.best,
            editMedianNanoseconds: edit.median,
            undoMedianNanoseconds: undo.median,
            redoMedianNanoseconds: redo.median,
            undoRatio: undo.medianRatio(to: edit),
            redoRatio: redo.medianRatio(to: edit),
            targetRatio: targetRatio,
            reloadUndoNanoseconds: reload.best,
            historyEntries: historyEntries,
            historyBytesPerEntry: historyBytes,
            snapshotEntries: snapshotCount,
            snapshotBytesPerEntry: snapshotBytes,
            snapshotNanoseconds: snapshot.best,
            snapshotRatio: snapshot.medianRatio(to: edit)
        )
    }

    /// One round: `actions` sent to a fresh store, then as many undos, then as many redos; returns
    /// nanoseconds per step of each phase.
    ///
    /// Between the phases, untimed, the store must show what the phase promised: after the edits
    /// the list `expected` with every edit on the undo stack, after the undos the list it started
    /// with, after the redos `expected` again. Anything else stops the benchmark.
    private static func timeRound(
        _ base: [Movie], _ actions: [MoviesViewModel.Action], expecting expected: [Movie]
    ) throws(BenchmarkFailure) -> (edit: Double, undo: Double, redo: Double) {
        let (viewModel, consumer) = makeStore(base, historyLimit: actions.count)
        let count = actions.count
        var rejected = 0
        let edit = Stopwatch.time {
            for action in actions {
                do { try viewModel.send(action) } catch { rejected += 1 }
            }
        }
        try check(
            viewModel, rejected: rejected, list: expected, undo: count, redo: 0, after: "the edits")
        let undo = Stopwatch.time {
            for _ in 0..<count {
                do { try viewModel.send(.undo) } catch { rejected += 1 }
            }
        }
        try check(viewModel, rejected: rejected, list: base, undo: 0, redo: count, after: "undo")
        let redo = Stopwatch.time {
            for _ in 0..<count {
                do { try viewModel.send(.redo) } catch { rejected += 1 }
            }
        }
        try check(
            viewModel, rejected: rejected, list: expected, undo: count, redo: 0, after: "redo")
        guard consumer.otherChanges == 0 else {
            throw BenchmarkFailure(
                description: "undo: the store emitted Changes that are not row edits")
        }
        let perStep = Double(max(count, 1))
        return (edit / perStep, undo / perStep, redo / perStep)
    }

    /// Stops the benchmark unless the store holds `list` with `undo` and `redo` steps available
    /// and nothing was rejected.
    private static func check(
        _ viewModel: MoviesViewModel, rejected: Int, list: [Movie], undo: Int, redo: Int,
        after phase: String
    ) throws(BenchmarkFailure) {
        guard rejected == 0 else {
            throw BenchmarkFailure(
                description: "undo: the store rejected \(rejected) steps by the end of \(phase)")
        }
        guard viewModel.state.movies == list, viewModel.history.undoCount == undo,
            viewModel.history.redoCount == redo
        else {
            throw BenchmarkFailure(
                description: "undo: after \(phase) the list or the history is not what it must be")
        }
    }

    /// The control: `actions` through a store whose undo history is a `SnapshotHistory`; returns
    /// nanoseconds per action.
    private static func timeSnapshots(
        _ base: [Movie], _ actions: [MoviesViewModel.Action], expecting expected: [Movie]
    ) throws(BenchmarkFailure) -> Double {
        let history = SnapshotHistory(capacity: actions.count)
        let (viewModel, _) = makeStore(base, historyLimit: 0, middleware: [history])
        var rejected = 0
        let nanoseconds = Stopwatch.time {
            for action in actions {
                do { try viewModel.send(action) } catch { rejected += 1 }
            }
        }
        guard rejected == 0, viewModel.state.movies == expected,
            history.snapshots.count == actions.count
        else {
            throw BenchmarkFailure(description: "undo: the snapshot control did other work")
        }
        return nanoseconds / Double(max(actions.count, 1))
    }

    /// Undo and redo of a refresh, alternating `steps` times; returns nanoseconds per step.
    ///
    /// A refresh replaces the whole list; its history entry keeps the replaced list by reference,
    /// so taking it back is a swap of two arrays, whatever their length.
    private static func timeReloadUndo(
        _ base: [Movie], steps: Int
    ) throws(BenchmarkFailure) -> Double {
        let (viewModel, consumer) = makeStore(base, historyLimit: 1, fetchStatus: .loaded)
        let fetched = Array(base.reversed())
        // A fetch's answer is never rejected.
        _ = try? viewModel.send(.fetchSucceeded(movies: fetched))
        var rejected = 0
        let nanoseconds = Stopwatch.time {
            for step in 0..<steps {
                do { try viewModel.send(step % 2 == 0 ? .undo : .redo) } catch { rejected += 1 }
            }
        }
        let shown = steps % 2 == 0 ? fetched : base
        // One `.reloaded` for the fetch, one per step.
        guard rejected == 0, consumer.otherChanges == steps + 1, viewModel.state.movies == shown
        else {
            throw BenchmarkFailure(description: "undo: undoing a refresh did other work")
        }
        return nanoseconds / Double(max(steps, 1))
    }

    /// The list after `edits`, from the bare-array baseline.
    private static func finalList(_ base: [Movie], _ edits: [EditAction]) -> [Movie] {
        var list = RawList(movies: SyntheticCatalog.freshCopy(of: base))
        for edit in edits {
            list.apply(edit)
        }
        return list.movies
    }

    /// A store holding a fresh copy of `base`, with a `ChangeConsumer` standing in for a view.
    private static func makeStore(
        _ base: [Movie], historyLimit: Int, fetchStatus: FetchStatus = .idle,
        middleware: [any MoviesMiddleware] = []
    ) -> (MoviesViewModel, ChangeConsumer) {
        let viewModel = MoviesViewModel(
            api: FakeMoviesAPI(catalogPath: nil),
            state: MoviesState(
                movies: SyntheticCatalog.freshCopy(of: base), fetchStatus: fetchStatus),
            historyLimit: historyLimit,
            middleware: middleware
        )
        let consumer = ChangeConsumer()
        viewModel.subscribe { change, _ in consumer.consume(change) }
        return (viewModel, consumer)
    }
}

extension UndoBenchmark.Result {
    /// Whether undo and redo both kept within `targetRatio` of the edits; `nil` where there is no
    /// target for this size.
    var meetsTarget: Bool? {
        targetRatio.map { undoRatio <= $0 && redoRatio <= $0 }
    }
}

extension UndoBenchmark {
    /// Undoing a refresh at the largest N over the smallest N, per step; `nil` without results.
    nonisolated static func reloadGrowth(_ results: [Result]) -> Double? {
        guard let smallest = results.first, let largest = results.last else { return nil }
        return largest.reloadUndoNanoseconds / max(smallest.reloadUndoNanoseconds, 1)
    }
}
