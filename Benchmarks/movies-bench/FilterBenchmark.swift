// Role in the benchmark: section 9, the filtered view (`find`). The seeded edits of the dispatch
// section run under a filter that matches a given share of the list. Each edit is mapped into the
// filtered rows by the derived list (`FilteredList.apply`, fed the store's Changes) and, the
// anchors' way, by filtering the whole list again and diffing the result with the previous one
// (ReSwift's `select` and TCA's `scope` hand the view a new array; the view must diff it to find
// the row). Both are set against a bare array edit, the cost of the edit itself.

import MoviesCore
import MoviesTestSupport

/// The derived list against filter-and-diff and against a bare array, per action, at one list
/// size and one match rate.
@MainActor
enum FilterBenchmark {
    /// The figures for one size and match rate.
    struct Result: Codable, Equatable, Sendable {
        var movies: Int
        /// The share of the list the filter matches, in percent.
        var matchPercent: Int
        /// Movies the filter matches in the starting list.
        var matches: Int
        var actions: Int
        /// The first actions of the same stream, each followed by filter-and-diff: a pass over
        /// the whole list per action is slow enough that fewer of them time it as well.
        var refilterActions: Int
        var rounds: Int
        /// Best round, in nanoseconds per action: the derived list alone (`apply` of the Change).
        var derivedNanosecondsPerAction: Double
        /// Filtering the whole list and diffing it with the last result, per action.
        var refilterNanosecondsPerAction: Double
        /// The bare array edit.
        var rawNanosecondsPerAction: Double
        /// The whole chain: the store's action and the derived list, through
        /// `subscribe(filtered:)`.
        var storeNanosecondsPerAction: Double
        /// Median rounds, to show the spread.
        var derivedMedianNanosecondsPerAction: Double
        var refilterMedianNanosecondsPerAction: Double
        /// Filter-and-diff over the derived list: the median of the rounds' ratios.
        var speedup: Double
        /// The derived list over the bare array edit: the median of the rounds' ratios.
        var derivedRatio: Double
        /// The store with a filtered subscription over the bare array edit.
        var storeRatio: Double
        /// The targets for `speedup` (at least) and `derivedRatio` (at most), at the sizes
        /// that have them.
        var targetSpeedup: Double?
        var targetRatio: Double?
    }

    /// Measures `actions` seeded edits at `size` movies under a filter matching `percent` of them,
    /// and filter-and-diff after the first `refilterActions` of them.
    static func run(
        movies size: Int, percent: Int, actions count: Int, refilterActions: Int, rounds: Int,
        targetSpeedup: Double?, targetRatio: Double?, seed: UInt64
    ) throws(BenchmarkFailure) -> Result {
        var generator = SeededGenerator(seed: seed)
        let base = SyntheticCatalog.movies(count: size, using: &generator)
        let actions = EditAction.stream(count: count, size: size, using: &generator)
        let predicate = matching(percent)
        let changes = try storeChanges(base, actions)
        let refilterCount = min(refilterActions, count)
        let refilterPrefix = Array(actions.prefix(refilterCount))
        let perAction = Double(max(count, 1))
        let perRefilter = Double(max(refilterCount, 1))

        var derived = Samples()
        var refilter = Samples()
        var raw = Samples()
        var store = Samples()
        for round in 0..<rounds {
            // Alternate the order, so that no side always runs on a warmer cache.
            let order = round % 2 == 0 ? Side.allCases : Side.allCases.reversed()
            for side in order {
                switch side {
                case .derived:
                    derived.append(try timeDerived(base, changes, predicate) / perAction)
                case .refilter:
                    refilter.append(try timeRefilter(base, refilterPrefix, predicate) / perRefilter)
                case .raw:
                    raw.append(timeRaw(base, actions) / perAction)
                case .store:
                    store.append(try timeStore(base, actions, predicate) / perAction)
                }
            }
        }
        try checkSameWork(base, actions, changes, predicate)
        return Result(
            movies: size,
            matchPercent: percent,
            matches: base.count(where: predicate),
            actions: count,
            refilterActions: refilterCount,
            rounds: rounds,
            derivedNanosecondsPerAction: derived.best,
            refilterNanosecondsPerAction: refilter.best,
            rawNanosecondsPerAction: raw.best,
            storeNanosecondsPerAction: store.best,
            derivedMedianNanosecondsPerAction: derived.median,
            refilterMedianNanosecondsPerAction: refilter.median,
            speedup: refilter.medianRatio(to: derived),
            derivedRatio: derived.medianRatio(to: raw),
            storeRatio: store.medianRatio(to: raw),
            targetSpeedup: targetSpeedup,
            targetRatio: targetRatio
        )
    }

    /// The four things timed in each round.
    private enum Side: CaseIterable {
        case derived, refilter, raw, store
    }

    /// A filter matching about `percent` of the movies, spread evenly over the list.
    ///
    /// It reads the id only: as cheap as a predicate gets, which flatters filter-and-diff (it
    /// calls the predicate on every movie, the derived list on the inserted one only). The app's
    /// text search, ignoring case and diacritics, costs far more per call.
    static func matching(_ percent: Int) -> (Movie) -> Bool {
        { movie in (movie.id &* 7_919) % 100 < percent }
    }

    /// The Changes the store's reducers make for `actions`, in order, untimed.
    private static func storeChanges(
        _ base: [Movie], _ actions: [EditAction]
    ) throws(BenchmarkFailure) -> [MoviesState.Change] {
        var state = MoviesState(movies: SyntheticCatalog.freshCopy(of: base))
        var changes: [MoviesState.Change] = []
        changes.reserveCapacity(actions.count)
        for action in actions {
            do {
                switch action {
                case .insert(let title, let year, let index):
                    changes.append(try state.insert(title: title, year: year, at: index))
                case .move(let source, let destination):
                    changes.append(try state.move(from: source, to: destination))
                case .delete(let index):
                    changes.append(try state.delete(at: index))
                }
            } catch {
                throw BenchmarkFailure(description: "find: the reducers rejected \(action)")
            }
        }
        return changes
    }

    /// Times the derived list applying `changes`; only the mapping is timed.
    private static func timeDerived(
        _ base: [Movie], _ changes: [MoviesState.Change], _ predicate: @escaping (Movie) -> Bool
    ) throws(BenchmarkFailure) -> Double {
        var list = FilteredList(base, matching: predicate)
        var checksum = Checksum()
        // Read only for a reload, which the workload has none of.
        let unread = MoviesState()
        let nanoseconds = Stopwatch.time {
            for change in changes {
                fold(list.apply(change, in: unread), into: &checksum)
            }
        }
        guard checksum.value != 0 else {
            throw BenchmarkFailure(description: "find: the derived list's checksum is empty")
        }
        return nanoseconds
    }

    /// Times filter-and-diff after each edit of a bare array; the edit itself is not timed.
    ///
    /// After each edit the whole list is filtered again and the result diffed with the previous
    /// one (`difference(from:)`, Myers' algorithm), as a view handed a new filtered array must do
    /// to redraw only the row that changed; the view's walk over the diff is folded into a
    /// checksum, so nothing is optimized away.
    private static func timeRefilter(
        _ base: [Movie], _ actions: [EditAction], _ predicate: (Movie) -> Bool
    ) throws(BenchmarkFailure) -> Double {
        var list = RawList(movies: SyntheticCatalog.freshCopy(of: base))
        var previous = list.movies.filter(predicate)
        var checksum = Checksum()
        var nanoseconds = 0.0
        for action in actions {
            list.apply(action)
            let stopwatch = Stopwatch()
            let next = list.movies.filter(predicate)
            for change in next.difference(from: previous) {
                switch change {
                case .insert(let offset, let movie, _):
                    checksum.add(offset)
                    checksum.add(movie.id)
                case .remove(let offset, let movie, _):
                    checksum.add(-offset)
                    checksum.add(movie.id)
                }
            }
            previous = next
            nanoseconds += stopwatch.nanoseconds
        }
        guard checksum.value != 0 else {
            throw BenchmarkFailure(description: "find: filter-and-diff's checksum is empty")
        }
        return nanoseconds
    }

    /// Times the bare array edits.
    private static func timeRaw(_ base: [Movie], _ actions: [EditAction]) -> Double {
        var list = RawList(movies: SyntheticCatalog.freshCopy(of: base))
        let nanoseconds = Stopwatch.time {
            for action in actions {
                list.apply(action)
            }
        }
        // Used, so the loop is not dead code.
        return list.checksum.value == 0 ? 0 : nanoseconds
    }

    /// Times the store running `actions` with one filtered subscriber that consumes each Change.
    private static func timeStore(
        _ base: [Movie], _ actions: [EditAction], _ predicate: @escaping (Movie) -> Bool
    ) throws(BenchmarkFailure) -> Double {
        let viewModel = MoviesViewModel(
            api: FakeMoviesAPI(catalogPath: nil),
            state: MoviesState(movies: SyntheticCatalog.freshCopy(of: base)))
        var checksum = Checksum()
        let subscription = viewModel.subscribe(filtered: predicate) { change, _ in
            fold(change, into: &checksum)
        }
        defer { subscription.cancel() }
        var rejected = 0
        let nanoseconds = Stopwatch.time {
            for action in actions {
                do {
                    try viewModel.send(action.action)
                } catch {
                    rejected += 1
                }
            }
        }
        guard rejected == 0 else {
            throw BenchmarkFailure(description: "find: the store rejected \(rejected) actions")
        }
        return nanoseconds
    }

    /// Runs every side once more, untimed, and compares the results: the derived list's rows
    /// and positions must be the final list filtered afresh, as filter-and-diff's are.
    private static func checkSameWork(
        _ base: [Movie], _ actions: [EditAction], _ changes: [MoviesState.Change],
        _ predicate: @escaping (Movie) -> Bool
    ) throws(BenchmarkFailure) {
        var list = RawList(movies: SyntheticCatalog.freshCopy(of: base))
        var filtered = FilteredList(base, matching: predicate)
        for (action, change) in zip(actions, changes) {
            list.apply(action)
            _ = filtered.apply(change, in: MoviesState())
        }
        let fresh = list.movies.indices.filter { predicate(list.movies[$0]) }
        guard filtered.movies == fresh.map({ list.movies[$0] }),
            filtered.indexes(ofRows: 0..<filtered.count) == fresh
        else {
            throw BenchmarkFailure(
                description: "find: the derived list is not the final list filtered afresh")
        }
    }

    /// Folds what a view of the matches would draw for `change` into `checksum`.
    private static func fold(_ change: FilteredList.Change, into checksum: inout Checksum) {
        switch change {
        case .none, .reloaded:
            checksum.add(0)
        case .inserted(let movie, let place), .deleted(let movie, let place),
            .updated(let movie, let place), .startedMatching(let movie, let place),
            .stoppedMatching(let movie, let place):
            checksum.add(movie.id)
            checksum.add(place.row)
            checksum.add(place.index)
        case .moved(let movie, let source, let destination):
            checksum.add(movie.id)
            checksum.add(source.row)
            checksum.add(destination.row)
        case .renumbered(let rows, let offset):
            checksum.add(rows.lowerBound)
            checksum.add(offset)
        }
    }
}

extension FilterBenchmark.Result {
    /// Whether the derived list kept to both targets (at least `targetSpeedup` times faster than
    /// filter-and-diff, at most `targetRatio` times a bare edit); `nil` where none is set.
    var meetsTarget: Bool? {
        guard let targetSpeedup, let targetRatio else { return nil }
        return speedup >= targetSpeedup && derivedRatio <= targetRatio
    }
}
