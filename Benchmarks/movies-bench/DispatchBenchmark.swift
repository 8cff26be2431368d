// Role in the benchmark: section 1, the cost of an action. The same seeded stream of inserts, moves
// and deletes runs through `MoviesViewModel` (reducer, Change, one subscriber) and through a bare
// `[Movie]`, interleaved round by round. If the store copied its list on any action, its cost would
// grow with N faster than the baseline's and the ratio would show it; the buffer check says so
// directly.

import MoviesCore
import MoviesTestSupport

/// Store against bare array, per action, at one list size.
@MainActor
enum DispatchBenchmark {
    /// The figures for one list size.
    struct Result: Codable, Equatable, Sendable {
        /// Movies in the list (it holds this many or one more throughout).
        var movies: Int
        var actions: Int
        var rounds: Int
        /// Best round, in nanoseconds per action.
        var storeNanosecondsPerAction: Double
        var rawNanosecondsPerAction: Double
        /// Median round, to show the spread.
        var storeMedianNanosecondsPerAction: Double
        var rawMedianNanosecondsPerAction: Double
        /// Store over raw: the median of the rounds' ratios (see `Samples.medianRatio(to:)`).
        var ratio: Double
        var targetRatio: Double
        /// Actions after which the store's array buffer was not the one it had before.
        var bufferMoves: Int
        /// The control, best round, in nanoseconds per action.
        ///
        /// The same store with a subscriber that keeps every state it is given, so that each
        /// action copies the list.
        var keepingStateNanosecondsPerAction: Double
        /// Buffer moves in the control: every action but the first (when nothing is kept yet), if
        /// the check can see a copy at all.
        var keepingStateBufferMoves: Int

    }

    /// Measures `actions` edits at `size` movies, `rounds` times each, store and raw interleaved.
    static func run(
        movies size: Int, actions count: Int, rounds: Int, targetRatio: Double, seed: UInt64
    ) throws(BenchmarkFailure) -> Result {
        var generator = SeededGenerator(seed: seed)
        let base = SyntheticCatalog.movies(count: size, using: &generator)
        let actions = EditAction.stream(count: count, size: size, using: &generator)

        let (store, raw) = try Samples.interleaved(rounds: rounds) { () throws(BenchmarkFailure) in
            try timeStore(base, actions, keeper: nil)
        } against: { () throws(BenchmarkFailure) in
            try timeRaw(base, actions, against: nil)
        }
        try checkSameWork(base, actions)
        // The control copies N movies per action, so a few rounds tell its cost well enough.
        var keepingState = Samples()
        for _ in 0..<min(rounds, 3) {
            keepingState.append(try timeStore(base, actions, keeper: StateKeeper()))
        }
        let perAction = Double(max(count, 1))
        return Result(
            movies: size,
            actions: count,
            rounds: rounds,
            storeNanosecondsPerAction: store.best / perAction,
            rawNanosecondsPerAction: raw.best / perAction,
            storeMedianNanosecondsPerAction: store.median / perAction,
            rawMedianNanosecondsPerAction: raw.median / perAction,
            ratio: store.medianRatio(to: raw),
            targetRatio: targetRatio,
            bufferMoves: bufferMoves(base, actions, keeper: nil),
            keepingStateNanosecondsPerAction: keepingState.best / perAction,
            keepingStateBufferMoves: bufferMoves(base, actions, keeper: StateKeeper())
        )
    }

    /// Times `actions` through a store with one subscriber that consumes every Change (and, with
    /// a `keeper`, keeps every state), watched by `middleware`.
    static func timeStore(
        _ base: [Movie], _ actions: [EditAction], keeper: StateKeeper?,
        middleware: [any MoviesMiddleware] = []
    ) throws(BenchmarkFailure) -> Double {
        let (viewModel, consumer) = makeStore(base, keeper: keeper, middleware: middleware)
        var rejected = 0
        let nanoseconds = Stopwatch.time {
            for action in actions where !perform(action, on: viewModel) {
                rejected += 1
            }
        }
        guard rejected == 0, consumer.otherChanges == 0 else {
            throw BenchmarkFailure(
                description: "dispatch: the store rejected \(rejected) of \(actions.count) actions")
        }
        return nanoseconds
    }

    /// Times `actions` on a bare array; with `expected`, also checks the outcome against it.
    static func timeRaw(
        _ base: [Movie], _ actions: [EditAction], against expected: (Checksum, [Movie])?
    ) throws(BenchmarkFailure) -> Double {
        var list = RawList(movies: SyntheticCatalog.freshCopy(of: base))
        let nanoseconds = Stopwatch.time {
            for action in actions {
                list.apply(action)
            }
        }
        if let (checksum, movies) = expected, checksum != list.checksum || movies != list.movies {
            throw BenchmarkFailure(
                description: "dispatch: the store and the bare array ended in different states")
        }
        return nanoseconds
    }

    /// Runs the workload once more through both sides, untimed, and compares every edit (by
    /// checksum) and the final lists: the ratio compares equal work, or it is not printed.
    static func checkSameWork(
        _ base: [Movie], _ actions: [EditAction], middleware: [any MoviesMiddleware] = []
    ) throws(BenchmarkFailure) {
        let (viewModel, consumer) = makeStore(base, keeper: nil, middleware: middleware)
        for action in actions {
            _ = perform(action, on: viewModel)
        }
        _ = try timeRaw(base, actions, against: (consumer.checksum, viewModel.state.movies))
    }

    /// Counts the actions after which the store's array buffer had moved.
    ///
    /// Zero means that no action copied the list, and this is why: the view model is the only
    /// owner of its `MoviesState`, and the benchmark hands it a fresh array without keeping a
    /// reference. An action calls a `mutating` reducer on the stored property itself
    /// (`state.insert(…)` inside the final class is an in-place `modify` access, not a get, a
    /// change and a set), so the reducer edits an array whose buffer has exactly one reference,
    /// and `Array`'s copy-on-write check lets `insert`/`remove` shift the elements where they lie.
    /// Subscribers receive the state as an argument: that may add a reference for the duration
    /// of the call, but it is gone when the subscriber returns, before the next action. Changes
    /// carry the one `Movie` they are about, never the list. A subscriber that kept the state
    /// (an undo history, say) would make the next action copy once; only it would pay for that,
    /// and the control run with a `keeper` shows the check catching exactly that. The spare slot
    /// `SyntheticCatalog` reserves means growth cannot move the buffer either, so any move seen
    /// here is a copy.
    private static func bufferMoves(
        _ base: [Movie], _ actions: [EditAction], keeper: StateKeeper?
    ) -> Int {
        let (viewModel, _) = makeStore(base, keeper: keeper)
        var moves = 0
        var address = bufferAddress(viewModel.state.movies)
        for action in actions {
            _ = perform(action, on: viewModel)
            let now = bufferAddress(viewModel.state.movies)
            if now != address { moves += 1 }
            address = now
        }
        return moves
    }

    /// The address of the first element's storage; reading it never copies.
    private static func bufferAddress(_ movies: [Movie]) -> UInt {
        movies.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    /// A store holding a fresh copy of `base`, watched by `middleware`, with one subscriber: a
    /// `ChangeConsumer`, which also hands every state to `keeper` if there is one.
    ///
    /// The subscription is never cancelled: the store and its subscriber go away together.
    private static func makeStore(
        _ base: [Movie], keeper: StateKeeper?, middleware: [any MoviesMiddleware] = []
    ) -> (MoviesViewModel, ChangeConsumer) {
        let viewModel = MoviesViewModel(
            api: FakeMoviesAPI(catalogPath: nil),
            state: MoviesState(movies: SyntheticCatalog.freshCopy(of: base)),
            middleware: middleware
        )
        let consumer = ChangeConsumer()
        if let keeper {
            viewModel.subscribe { change, state in
                consumer.consume(change)
                keeper.keep(state)
            }
        } else {
            viewModel.subscribe { change, _ in consumer.consume(change) }
        }
        return (viewModel, consumer)
    }

    /// Sends `action` to the store; returns whether the store accepted it.
    private static func perform(_ action: EditAction, on viewModel: MoviesViewModel) -> Bool {
        do {
            switch action {
            case .insert(let title, let year, let index):
                try viewModel.insert(title: title, year: year, at: index)
            case .move(let source, let destination):
                try viewModel.move(from: source, to: destination)
            case .delete(let index):
                try viewModel.delete(at: index)
            }
            return true
        } catch {
            return false
        }
    }
}

extension DispatchBenchmark.Result {
    /// Whether the store kept to its target: within `targetRatio` of the bare array, and never a
    /// copy of the list.
    var meetsTarget: Bool { ratio <= targetRatio && bufferMoves == 0 }

    /// The control over the bare array edit, best rounds: what a copy per action costs.
    var keepingStateRatio: Double {
        keepingStateNanosecondsPerAction / max(rawNanosecondsPerAction, 1)
    }
}
