// Role in the benchmark: section 11, time travel. A seeded stream of every kind of edit goes
// through a store whose history keeps all of them; then `goto` jumps to the start, back to the end
// and to the middle, and walks the history one edit at a time from the end to the start, each a run
// of undos or redos of one Change. Beside it, Redux DevTools' two ways: rebuilding a point's state
// by replaying the edits from the initial list (timed in the same rounds), and keeping a copy of
// each state (its memory measured where the copies fit, and extrapolated).

import MoviesCore
import MoviesTestSupport

/// Time travel through the history against replaying from the start and keeping every state.
@MainActor
enum TimeTravelBenchmark {
    /// The figures of the section.
    struct Result: Codable, Equatable, Sendable {
        /// Movies in the list (it holds this many or one more throughout).
        var movies: Int
        /// Edits made and kept in the history; the travels cross them.
        var edits: Int
        var rounds: Int
        /// `goto 0` from the end, against replay's jump to the start: the initial list copied
        /// into a fresh store, nothing replayed.
        var start: Jump
        /// `goto` the middle (`edits / 2`) from the end, against the copy and the first half of
        /// the edits sent again.
        var middle: Jump
        /// `goto` the end from 0, against the copy and every edit sent again.
        var end: Jump
        /// The walk from the end to the start, one `goto` per edit: every step together, best
        /// round and median.
        var walkNanoseconds: Double
        var walkMedianNanoseconds: Double
        /// One edit replayed, from the best rounds: (end − start) / edits.
        var replayNanosecondsPerEdit: Double
        /// Replay's walk, extrapolated, not run: for each point from `edits − 1` down to 0, the
        /// copy and every edit before the point, at the best replay to the start and
        /// `replayNanosecondsPerEdit`.
        var replayWalkNanoseconds: Double
        /// Replay's walk over ours: the median of the rounds' ratios, each round's replay walk
        /// extrapolated from its own replay.
        var walkRatio: Double
        /// The bound on `walkRatio`: replay at least this many times slower.
        var targetWalkRatio: Double
        /// The history's heap per edit after `edits` edits, at each list size measured.
        var history: [HistoryBytes]
        /// The bound on the history's spread: its largest bytes per edit over its smallest,
        /// across the list sizes.
        var targetHistorySpread: Double
        /// Keeping a copy of each state: how many were kept at `movies` (as many as the plan's
        /// memory budget holds), and the heap each held; `nil` where the heap cannot be measured.
        var copies: Int
        var copyBytesPerEdit: Double?
    }

    /// One jump by `goto` and by replay: best round and median of each, in nanoseconds for the
    /// whole jump, and replay over `goto`, the median of the rounds' ratios.
    struct Jump: Codable, Equatable, Sendable {
        var gotoNanoseconds: Double
        var gotoMedianNanoseconds: Double
        var replayNanoseconds: Double
        var replayMedianNanoseconds: Double
        var ratio: Double
    }

    /// The history's heap per edit at one list size.
    struct HistoryBytes: Codable, Equatable, Sendable {
        var movies: Int
        /// `nil` where the heap cannot be measured.
        var bytesPerEdit: Double?
    }

    /// One round of the store's travels, in nanoseconds each.
    private struct Travels {
        var start: Double
        var middle: Double
        var end: Double
        var walk: Double
    }

    /// One replay from the start, in nanoseconds from its beginning to each point.
    private struct Replay {
        var start: Double
        var middle: Double
        var end: Double
    }

    /// Every figure's timings, one a round; replay's walk is extrapolated from each round's own
    /// replay, so that its ratio to the walk is taken within the round, as every ratio is.
    private struct Rounds {
        var start = Samples()
        var middle = Samples()
        var end = Samples()
        var walk = Samples()
        var replayStart = Samples()
        var replayMiddle = Samples()
        var replayEnd = Samples()
        var replayWalk = Samples()

        mutating func append(_ travels: Travels) {
            start.append(travels.start)
            middle.append(travels.middle)
            end.append(travels.end)
            walk.append(travels.walk)
        }

        mutating func append(_ replay: Replay, edits: Int) {
            replayStart.append(replay.start)
            replayMiddle.append(replay.middle)
            replayEnd.append(replay.end)
            replayWalk.append(
                TimeTravelBenchmark.replayWalk(
                    edits: edits, copy: replay.start,
                    perEdit: (replay.end - replay.start) / Double(max(edits, 1))))
        }
    }

    /// Measures `edits` mixed edits at `size` movies, travelled `rounds` times against their
    /// replay, then the history's memory after as many edits at each of `memorySizes` movies,
    /// and the copies of the state that fit in `copyBudget` bytes.
    static func run(
        movies size: Int, edits count: Int, rounds: Int, targetWalkRatio: Double,
        memorySizes: [Int], copyBudget: Int, seed: UInt64
    ) throws(BenchmarkFailure) -> Result {
        var generator = SeededGenerator(seed: seed)
        let base = SyntheticCatalog.movies(count: size, using: &generator)
        let edits = MixedEdits(count: count, on: base, using: &generator)
        let store = try editedStore(base, edits)

        var samples = Rounds()
        for round in 0..<rounds {
            if round % 2 == 0 {
                samples.append(try timeReplay(base, edits), edits: count)
                samples.append(try timeTravels(store, base, edits))
            } else {
                samples.append(try timeTravels(store, base, edits))
                samples.append(try timeReplay(base, edits), edits: count)
            }
        }

        var history: [HistoryBytes] = []
        for movies in memorySizes {
            let (list, actions) =
                movies == size
                ? (base, edits.actions)
                : Self.edits(count, at: movies, using: &generator)
            history.append(
                HistoryBytes(
                    movies: movies,
                    bytesPerEdit: try StoreMemory.bytesPerEdit(
                        list, actions, historyLimit: count, snapshots: false,
                        section: "time travel")))
        }
        let copies = min(count, max(4, copyBudget / (size * MemoryLayout<Movie>.stride)))
        let copyBytes = try StoreMemory.bytesPerEdit(
            base, Array(edits.actions.prefix(copies)), historyLimit: 0, snapshots: true,
            section: "time travel")

        let perEdit =
            (samples.replayEnd.best - samples.replayStart.best) / Double(max(count, 1))
        return Result(
            movies: size,
            edits: count,
            rounds: rounds,
            start: jump(samples.start, samples.replayStart),
            middle: jump(samples.middle, samples.replayMiddle),
            end: jump(samples.end, samples.replayEnd),
            walkNanoseconds: samples.walk.best,
            walkMedianNanoseconds: samples.walk.median,
            replayNanosecondsPerEdit: perEdit,
            replayWalkNanoseconds: replayWalk(
                edits: count, copy: samples.replayStart.best, perEdit: perEdit),
            walkRatio: samples.replayWalk.medianRatio(to: samples.walk),
            targetWalkRatio: targetWalkRatio,
            history: history,
            targetHistorySpread: historySpreadBound,
            copies: copies,
            copyBytesPerEdit: copyBytes
        )
    }

    /// One jump's figures from the rounds of `goto` and of its replay.
    private static func jump(_ travel: Samples, _ replay: Samples) -> Jump {
        Jump(
            gotoNanoseconds: travel.best, gotoMedianNanoseconds: travel.median,
            replayNanoseconds: replay.best, replayMedianNanoseconds: replay.median,
            ratio: replay.medianRatio(to: travel))
    }

    /// How far apart the history's bytes per edit may be across the list sizes (the largest over
    /// the smallest) and still count as independent of N.
    ///
    /// The edits are the same kinds at every size; what varies is which titles the seeded
    /// deletes and renames leave to the history alone, a few bytes an edit. An entry that held a
    /// copy of the list would grow a hundredfold from 1,000 movies to 100,000.
    static let historySpreadBound = 1.05

    /// Replay's walk from the end to the start: for each point from `edits − 1` down to 0, a
    /// fresh copy of the initial list (`copy`) and the edits before the point (`perEdit` each).
    nonisolated static func replayWalk(edits: Int, copy: Double, perEdit: Double) -> Double {
        let points = Double(edits)
        return points * copy + perEdit * points * (points - 1) / 2
    }

    /// A seeded list of `size` movies and `count` mixed edits of it.
    private static func edits(
        _ count: Int, at size: Int, using generator: inout SeededGenerator
    ) -> ([Movie], [MoviesViewModel.Action]) {
        let base = SyntheticCatalog.movies(count: size, using: &generator)
        return (base, MixedEdits(count: count, on: base, using: &generator).actions)
    }

    /// A store holding a fresh copy of `base` that has made every edit of `edits`, all of them
    /// kept in its history, with a `ChangeConsumer` standing in for a view.
    private static func editedStore(
        _ base: [Movie], _ edits: MixedEdits
    ) throws(BenchmarkFailure) -> MoviesViewModel {
        let count = edits.actions.count
        let store = MoviesViewModel(
            api: FakeMoviesAPI(catalogPath: nil),
            state: MoviesState(movies: SyntheticCatalog.freshCopy(of: base)),
            historyLimit: count)
        let consumer = ChangeConsumer()
        store.subscribe { change, _ in consumer.consume(change) }
        for action in edits.actions {
            do {
                try store.send(action)
            } catch {
                throw BenchmarkFailure(description: "time travel: the store rejected \(action)")
            }
        }
        try check(store, at: count, of: count, list: edits.final, after: "the edits")
        return store
    }

    /// One round of the store's travels, starting and ending at the end of the history: `goto 0`,
    /// `goto` the end, `goto` the middle, back to the end (untimed), the walk to the start, and
    /// back to the end again (untimed).
    private static func timeTravels(
        _ store: MoviesViewModel, _ base: [Movie], _ edits: MixedEdits
    ) throws(BenchmarkFailure) -> Travels {
        let count = edits.actions.count
        let start = try timeGoto(store, to: 0, of: count, list: base)
        let end = try timeGoto(store, to: count, of: count, list: edits.final)
        let middle = try timeGoto(store, to: count / 2, of: count, list: edits.halfway)
        _ = try timeGoto(store, to: count, of: count, list: edits.final)
        var rejected = 0
        var delivered = 0
        let walk = Stopwatch.time {
            for point in stride(from: count - 1, through: 0, by: -1) {
                do {
                    delivered += try store.send(.goto(edit: point)).count
                } catch {
                    rejected += 1
                }
            }
        }
        guard rejected == 0, delivered == count else {
            throw BenchmarkFailure(
                description: "time travel: the walk made \(delivered) Changes for \(count) "
                    + "edits, \(rejected) steps refused")
        }
        try check(store, at: 0, of: count, list: base, after: "the walk")
        _ = try timeGoto(store, to: count, of: count, list: edits.final)
        return Travels(start: start, middle: middle, end: end, walk: walk)
    }

    /// Times one `goto point` in a history of `count` edits; it must make one Change per edit
    /// crossed and leave `list`.
    private static func timeGoto(
        _ store: MoviesViewModel, to point: Int, of count: Int, list: [Movie]
    ) throws(BenchmarkFailure) -> Double {
        let from = store.history.point
        var changes = 0
        var refusal: String?
        let nanoseconds = Stopwatch.time {
            do {
                changes = try store.send(.goto(edit: point)).count
            } catch {
                refusal = "\(error)"
            }
        }
        guard refusal == nil, changes == abs(point - from) else {
            throw BenchmarkFailure(
                description: "time travel: goto \(point) from \(from) made \(changes) Changes "
                    + "for \(abs(point - from)) edits" + (refusal.map { ", refused: \($0)" } ?? ""))
        }
        try check(store, at: point, of: count, list: list, after: "goto \(point)")
        return nanoseconds
    }

    /// Stops the benchmark unless the store holds `list` with the history's point at `point`
    /// and `count` edits in it.
    private static func check(
        _ store: MoviesViewModel, at point: Int, of count: Int, list: [Movie],
        after phase: String
    ) throws(BenchmarkFailure) {
        guard store.state.movies == list, store.history.point == point,
            store.history.count == count
        else {
            throw BenchmarkFailure(
                description: "time travel: after \(phase) the list or the history is not what "
                    + "it must be")
        }
    }

    /// One replay, as Redux DevTools rebuilds a point's state: the initial list copied into a
    /// fresh store (no subscriber, no history), then the edits sent again from the first; the
    /// clock is read at the start, the middle and the end, and the list checked at the last two
    /// (outside the times).
    private static func timeReplay(
        _ base: [Movie], _ edits: MixedEdits
    ) throws(BenchmarkFailure) -> Replay {
        let actions = edits.actions
        let api = FakeMoviesAPI(catalogPath: nil)
        var rejected = 0
        let first = Stopwatch()
        let store = MoviesViewModel(
            api: api, state: MoviesState(movies: SyntheticCatalog.freshCopy(of: base)),
            historyLimit: 0)
        let start = first.nanoseconds
        for action in actions[..<(actions.count / 2)] {
            do { try store.send(action) } catch { rejected += 1 }
        }
        let middle = first.nanoseconds
        guard rejected == 0, store.state.movies == edits.halfway else {
            throw BenchmarkFailure(description: "time travel: the replay's middle is not the list")
        }
        let second = Stopwatch()
        for action in actions[(actions.count / 2)...] {
            do { try store.send(action) } catch { rejected += 1 }
        }
        let end = middle + second.nanoseconds
        guard rejected == 0, store.state.movies == edits.final else {
            throw BenchmarkFailure(description: "time travel: the replay's end is not the list")
        }
        return Replay(start: start, middle: middle, end: end)
    }
}

extension TimeTravelBenchmark.Result {
    /// Whether the walk beat replaying by at least `targetWalkRatio`.
    var meetsWalkTarget: Bool {
        walkRatio >= targetWalkRatio
    }

    /// The largest of the history's bytes per edit over the smallest, across the list sizes;
    /// `nil` where any could not be measured.
    var historySpread: Double? {
        let perEdit = history.compactMap(\.bytesPerEdit)
        guard perEdit.count == history.count, let low = perEdit.min(), let high = perEdit.max()
        else { return nil }
        return high / max(low, 1)
    }

    /// The history's bytes per edit at the travelled list's size, if measured.
    var historyBytesPerEdit: Double? {
        history.first { $0.movies == movies }?.bytesPerEdit
    }
}
