// Role in the benchmark: the figures of one run, in one value. The table and the JSON are both
// printed from it, so they cannot disagree; the targets are derived from the figures, not measured
// separately.

import Foundation

/// Everything one run of `movies-bench` measured.
struct BenchmarkReport: Codable, Equatable, Sendable {
    var machine: MachineInfo
    /// "full" or "quick".
    var mode: String
    var seed: UInt64
    var dispatch: [DispatchBenchmark.Result]
    /// Section 1's middleware row: the store with one idle middleware.
    var middleware: MiddlewareBenchmark.Result
    var redraw: [RedrawBenchmark.Result]
    var pipeline: PipelineBenchmark.Result
    var load: LoadBenchmark.Result
    var undo: [UndoBenchmark.Result]
    var script: PipedScriptBenchmark.Result
    var restore: RestoreBenchmark.Result
    var screen: [ScreenBenchmark.Result]
    var filter: [FilterBenchmark.Result]
    /// Section 9's screen view: bytes per edit while a find is on.
    var filterScreen: [FilteredScreenBenchmark.Result]
    /// Section 10: a follower's lag and bytes per edit.
    var follow: [FollowBenchmark.Result]
    /// Section 11: time travel against replaying from the start and keeping every state.
    var travel: TimeTravelBenchmark.Result
    var targets: [TargetCheck]

    init(
        machine: MachineInfo,
        mode: String,
        seed: UInt64,
        dispatch: [DispatchBenchmark.Result],
        middleware: MiddlewareBenchmark.Result,
        redraw: [RedrawBenchmark.Result],
        pipeline: PipelineBenchmark.Result,
        load: LoadBenchmark.Result,
        undo: [UndoBenchmark.Result],
        script: PipedScriptBenchmark.Result,
        restore: RestoreBenchmark.Result,
        screen: [ScreenBenchmark.Result],
        filter: [FilterBenchmark.Result],
        filterScreen: [FilteredScreenBenchmark.Result],
        follow: [FollowBenchmark.Result],
        travel: TimeTravelBenchmark.Result
    ) {
        self.machine = machine
        self.mode = mode
        self.seed = seed
        self.dispatch = dispatch
        self.middleware = middleware
        self.redraw = redraw
        self.pipeline = pipeline
        self.load = load
        self.undo = undo
        self.script = script
        self.restore = restore
        self.screen = screen
        self.filter = filter
        self.filterScreen = filterScreen
        self.follow = follow
        self.travel = travel
        targets =
            Self.checks(dispatch: dispatch, middleware: middleware)
            + Self.checks(redraw: redraw, load: load)
            + Self.checks(undo: undo, script: script, restore: restore)
            + Self.checks(screen: screen) + Self.checks(filter: filter)
            + Self.checks(filterScreen: filterScreen) + Self.checks(follow: follow)
            + Self.checks(travel: travel)
    }

    /// The report as one JSON object, keys sorted so that two runs diff cleanly.
    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // A tree of structs of numbers, strings and Booleans always encodes; the JSON encoder
        // only rejects non-finite floating-point numbers, which no figure here can be.
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Section 1's targets: the store within its bound of the bare edit at each size without ever
    /// copying the list, and the store with one idle middleware within its own bound.
    static func checks(
        dispatch: [DispatchBenchmark.Result], middleware: MiddlewareBenchmark.Result
    ) -> [TargetCheck] {
        var checks: [TargetCheck] = []
        for result in dispatch {
            checks.append(
                TargetCheck(
                    topic: .dispatch,
                    subject: "dispatch N=\(Format.grouped(result.movies))",
                    goal: "store/raw \(Format.atMost(result.targetRatio)), no copy",
                    measured: "\(Format.ratio(result.ratio)), buffer moved "
                        + "\(result.bufferMoves)×",
                    met: result.meetsTarget
                ))
        }
        checks.append(
            TargetCheck(
                topic: .middleware,
                subject: "middleware N=\(Format.grouped(middleware.n))",
                goal: "store+middleware/raw \(Format.atMost(middleware.targetRatio))",
                measured: Format.ratio(middleware.ratio),
                met: middleware.meetsTarget
            ))
        return checks
    }

    /// The targets against this run's figures.
    ///
    /// Redraw: "independent of N" is read as: every change writes at most two lines, and the
    /// largest mean change at the largest N is within 25% of the one at the smallest N. Growth
    /// of that size comes from the positions gaining digits; a redraw proportional to N would
    /// be a hundred times larger.
    private static func checks(
        redraw: [RedrawBenchmark.Result],
        load: LoadBenchmark.Result
    ) -> [TargetCheck] {
        var checks: [TargetCheck] = []
        if let smallest = redraw.first, let largest = redraw.last,
            let growth = RedrawBenchmark.growth(redraw)
        {
            let lines = redraw.map(\.maximumLinesPerChange).max() ?? 0
            checks.append(
                TargetCheck(
                    topic: .redraw,
                    subject: "redraw N=\(Format.grouped(smallest.movies))→"
                        + Format.grouped(largest.movies),
                    goal: "bytes/change independent of N (≤ 2 lines)",
                    measured: "\(Format.growth(growth)) bytes, ≤ \(lines) lines",
                    met: lines <= 2 && growth <= 1.25
                ))
        }
        checks.append(
            TargetCheck(
                topic: .load,
                subject: "load N=\(Format.grouped(load.movies))",
                goal: "load/decode \(Format.atMost(load.targetRatio))",
                measured: Format.ratio(load.ratio),
                met: load.meetsTarget
            ))
        return checks
    }

    /// The screen view's targets: bytes per edit independent of N (the largest mean edit at the
    /// largest N within 25% of the smallest N's, as for the line view) and well below a full
    /// repaint of the window (at most a third of it).
    private static func checks(screen: [ScreenBenchmark.Result]) -> [TargetCheck] {
        guard let smallest = screen.first, let largest = screen.last,
            let growth = ScreenBenchmark.growth(screen)
        else { return [] }
        let share = screen.map(\.largestEditShare).max() ?? 1
        return [
            TargetCheck(
                topic: .screen,
                subject: "screen N=\(Format.grouped(smallest.movies))→"
                    + Format.grouped(largest.movies),
                goal: "bytes/edit independent of N, ≤ ⅓ repaint",
                measured: "\(Format.growth(growth)), \(Format.percent(share)) of one",
                met: growth <= 1.25 && share <= 1.0 / 3.0
            )
        ]
    }

    /// The find section's targets, one line per match rate at each size that has them: the
    /// derived list at least `targetSpeedup` times faster than filter-and-diff, and at most
    /// `targetRatio` times a bare array edit.
    private static func checks(filter: [FilterBenchmark.Result]) -> [TargetCheck] {
        filter.compactMap { result in
            guard let speedup = result.targetSpeedup, let ratio = result.targetRatio,
                let met = result.meetsTarget
            else { return nil }
            return TargetCheck(
                topic: .find,
                subject: "find N=\(Format.grouped(result.movies)), \(result.matchPercent)% match",
                goal: "refilter/derived \(Format.atLeast(speedup)), "
                    + "derived/raw \(Format.atMost(ratio))",
                measured:
                    "\(Format.factor(result.speedup)), \(Format.ratio(result.derivedRatio))",
                met: met
            )
        }
    }

    /// The filtered screen view's target, one line per match rate: bytes per edit independent
    /// of N, read as for section 8: the mean edit at the largest N within 25% of the one at the
    /// smallest N whose matches fill the window (fewer matches than rows make edits cheaper, for
    /// a reason that is not N).
    private static func checks(filterScreen: [FilteredScreenBenchmark.Result]) -> [TargetCheck] {
        FilteredScreenBenchmark.growths(filterScreen).map { growth in
            TargetCheck(
                topic: .findScreen,
                subject: "find screen, \(growth.matchPercent)% match",
                goal:
                    "bytes/edit independent of N (from \(Format.grouped(growth.smallest.movies)))",
                measured: "\(Format.growth(growth.factor)) bytes",
                met: growth.factor <= 1.25
            )
        }
    }

    /// The follow section's targets: the follower's lag at the 99th percentile within its bound
    /// at every size, and its bytes per edit independent of N, read as for the line view and the
    /// screen view (the mean edit at the largest N within 25% of the smallest N's, in each).
    private static func checks(follow: [FollowBenchmark.Result]) -> [TargetCheck] {
        var checks = follow.map { result in
            TargetCheck(
                topic: .follow,
                subject: "follow N=\(Format.grouped(result.movies))",
                goal: "lag p99 ≤ \(Format.duration(result.targetLagNanoseconds))",
                measured: Format.duration(result.lagP99Nanoseconds),
                met: result.meetsTarget)
        }
        if let smallest = follow.first, let largest = follow.last,
            let growth = FollowBenchmark.growth(follow)
        {
            checks.append(
                TargetCheck(
                    topic: .follow,
                    subject: "follow N=\(Format.grouped(smallest.movies))→"
                        + Format.grouped(largest.movies),
                    goal: "bytes/edit independent of N (line, screen)",
                    measured: "\(Format.growth(growth.line)), \(Format.growth(growth.screen))",
                    met: growth.line <= 1.25 && growth.screen <= 1.25))
        }
        return checks
    }

    /// The time-travel section's targets: walking the history from the end to the start at least
    /// `targetWalkRatio` times faster than replaying each point from the start, and the history's
    /// bytes per edit independent of N, read as: the largest, across the list sizes, within
    /// `targetHistorySpread` of the smallest (see `TimeTravelBenchmark.historySpreadBound`).
    private static func checks(travel: TimeTravelBenchmark.Result) -> [TargetCheck] {
        var checks = [
            TargetCheck(
                topic: .travel,
                subject: "time travel N=\(Format.grouped(travel.movies))",
                goal: "walk: replay/goto \(Format.atLeast(travel.targetWalkRatio))",
                measured: Format.factor(travel.walkRatio),
                met: travel.meetsWalkTarget)
        ]
        if let smallest = travel.history.first, let largest = travel.history.last {
            let sizes = "N=\(Format.grouped(smallest.movies))→" + Format.grouped(largest.movies)
            let goal = "history bytes/edit ≤ \(Format.growth(travel.targetHistorySpread)) across N"
            let perEdit = travel.history.compactMap(\.bytesPerEdit)
            if let spread = travel.historySpread, let low = perEdit.min(), let high = perEdit.max()
            {
                checks.append(
                    TargetCheck(
                        topic: .travelHistory, subject: "time travel \(sizes)", goal: goal,
                        measured: "\(Format.fixed(low, 1))–\(Format.fixed(high, 1)) B, "
                            + Format.growth(spread),
                        met: spread <= travel.targetHistorySpread))
            } else {
                checks.append(
                    TargetCheck(
                        topic: .travelHistory, subject: "time travel \(sizes)", goal: goal,
                        measured: "not measurable here", met: false))
            }
        }
        return checks
    }

    /// The targets of the undo, state-file and restore sections.
    ///
    /// History memory: "the same at every N" is read as: the largest bytes per entry is within 5%
    /// of the smallest. The entries are the same kinds of Change at every size; what varies is
    /// the titles the seeded edits happen to delete (a deleted movie lives on in its entry). An
    /// entry that held a copy of the list would grow a hundredfold from 1,000 to 100,000 movies.
    /// Undoing a refresh "independent of N": the time per step at the largest N is within 2× of
    /// the smallest (a copy of the list would be a hundred times slower).
    private static func checks(
        undo: [UndoBenchmark.Result],
        script: PipedScriptBenchmark.Result,
        restore: RestoreBenchmark.Result
    ) -> [TargetCheck] {
        var checks: [TargetCheck] = []
        for result in undo {
            guard let target = result.targetRatio, let met = result.meetsTarget else { continue }
            checks.append(
                TargetCheck(
                    topic: .undo,
                    subject: "undo N=\(Format.grouped(result.movies))",
                    goal: "undo/edit, redo/edit \(Format.atMost(target))",
                    measured: "\(Format.ratio(result.undoRatio)), "
                        + Format.ratio(result.redoRatio),
                    met: met
                ))
        }
        if let smallest = undo.first, let largest = undo.last {
            let sizes = "N=\(Format.grouped(smallest.movies))→" + Format.grouped(largest.movies)
            let perEntry = undo.compactMap(\.historyBytesPerEntry)
            if perEntry.count == undo.count, let low = perEntry.min(), let high = perEntry.max() {
                checks.append(
                    TargetCheck(
                        topic: .history,
                        subject: "history \(sizes)",
                        goal: "bytes/entry the same at every N",
                        measured: "\(Format.fixed(low, 1))–\(Format.fixed(high, 1)) B",
                        met: high <= low * 1.05
                    ))
            } else {
                checks.append(
                    TargetCheck(
                        topic: .history, subject: "history \(sizes)",
                        goal: "bytes/entry the same at every N",
                        measured: "not measurable here", met: false))
            }
            let growth = UndoBenchmark.reloadGrowth(undo) ?? 1
            checks.append(
                TargetCheck(
                    topic: .undoRefresh,
                    subject: "undo refresh \(sizes)",
                    goal: "time/step independent of N (≤ 2×)",
                    measured: Format.growth(growth),
                    met: growth <= 2
                ))
        }
        let perEdit = Double(script.pipedSyncCalls) / Double(max(script.edits, 1))
        checks.append(
            TargetCheck(
                topic: .script,
                subject: "--state \(Format.grouped(script.edits)) edits",
                goal: "piped, with/without \(Format.atMost(script.targetRatio))",
                measured: "\(Format.fixed(script.ratio, 1)), "
                    + "\(Format.fixed(perEdit, perEdit < 0.01 ? 4 : 2)) fsync/edit",
                met: script.meetsTarget
            ))
        for file in restore.files {
            guard let met = restore.meetsTarget(file) else { continue }
            let journal =
                file.journalLines == 0
                ? "no journal" : "+\(Format.grouped(file.journalLines)) lines"
            checks.append(
                TargetCheck(
                    topic: .restore,
                    subject: "restore N=\(Format.grouped(restore.movies))",
                    goal: "\(journal): restore/decode \(Format.atMost(restore.targetRatio))",
                    measured: Format.ratio(file.ratio),
                    met: met
                ))
        }
        return checks
    }
}
