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
    var targets: [TargetCheck]

    init(
        machine: MachineInfo,
        mode: String,
        seed: UInt64,
        dispatch: [DispatchBenchmark.Result],
        redraw: [RedrawBenchmark.Result],
        pipeline: PipelineBenchmark.Result,
        load: LoadBenchmark.Result,
        undo: [UndoBenchmark.Result],
        script: PipedScriptBenchmark.Result,
        restore: RestoreBenchmark.Result,
        screen: [ScreenBenchmark.Result],
        filter: [FilterBenchmark.Result],
        filterScreen: [FilteredScreenBenchmark.Result]
    ) {
        self.machine = machine
        self.mode = mode
        self.seed = seed
        self.dispatch = dispatch
        self.redraw = redraw
        self.pipeline = pipeline
        self.load = load
        self.undo = undo
        self.script = script
        self.restore = restore
        self.screen = screen
        self.filter = filter
        self.filterScreen = filterScreen
        targets =
            Self.checks(dispatch: dispatch, redraw: redraw, load: load)
            + Self.checks(undo: undo, script: script, restore: restore)
            + Self.checks(screen: screen) + Self.checks(filter: filter)
            + Self.checks(filterScreen: filterScreen)
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

    /// The targets against this run's figures.
    ///
    /// Redraw: "independent of N" is read as: every change writes at most two lines, and the
    /// largest mean change at the largest N is within 25% of the one at the smallest N. Growth
    /// of that size comes from the positions gaining digits; a redraw proportional to N would
    /// be a hundred times larger.
    private static func checks(
        dispatch: [DispatchBenchmark.Result],
        redraw: [RedrawBenchmark.Result],
        load: LoadBenchmark.Result
    ) -> [TargetCheck] {
        var checks: [TargetCheck] = []
        for result in dispatch {
            checks.append(
                TargetCheck(
                    subject: "dispatch N=\(Format.grouped(result.movies))",
                    goal: "store/raw ≤ \(Format.fixed(result.targetRatio, 1)), no copy",
                    measured: "\(Format.fixed(result.ratio, 2)), buffer moved "
                        + "\(result.bufferMoves)×",
                    met: result.ratio <= result.targetRatio && result.bufferMoves == 0
                ))
        }
        if let smallest = redraw.first, let largest = redraw.last {
            let growth = largest.largestChangeBytes / max(smallest.largestChangeBytes, 1)
            let lines = redraw.map(\.maximumLinesPerChange).max() ?? 0
            checks.append(
                TargetCheck(
                    subject: "redraw N=\(Format.grouped(smallest.movies))→"
                        + Format.grouped(largest.movies),
                    goal: "bytes/change independent of N (≤ 2 lines)",
                    measured: "×\(Format.fixed(growth, 2)) bytes, ≤ \(lines) lines",
                    met: lines <= 2 && growth <= 1.25
                ))
        }
        checks.append(
            TargetCheck(
                subject: "load N=\(Format.grouped(load.movies))",
                goal: "load/decode ≤ \(Format.fixed(load.targetRatio, 1))",
                measured: Format.fixed(load.ratio, 2),
                met: load.ratio <= load.targetRatio
            ))
        return checks
    }

    /// The screen view's targets: bytes per edit independent of N (the largest mean edit at the
    /// largest N within 25% of the smallest N's, as for the line view) and well below a full
    /// repaint of the window (at most a third of it).
    private static func checks(screen: [ScreenBenchmark.Result]) -> [TargetCheck] {
        guard let smallest = screen.first, let largest = screen.last else { return [] }
        let growth = largest.largestEditBytes / max(smallest.largestEditBytes, 1)
        let share =
            screen.map { $0.largestEditBytes / Double(max($0.fullRepaintBytes, 1)) }.max()
            ?? 1
        return [
            TargetCheck(
                subject: "screen N=\(Format.grouped(smallest.movies))→"
                    + Format.grouped(largest.movies),
                goal: "bytes/edit independent of N, ≤ ⅓ repaint",
                measured: "×\(Format.fixed(growth, 2)), \(Format.fixed(share * 100, 1))% of one",
                met: growth <= 1.25 && share <= 1.0 / 3.0
            )
        ]
    }

    /// The find section's targets, one line per match rate at each size that has them: the
    /// derived list at least `targetSpeedup` times faster than filter-and-diff, and at most
    /// `targetRatio` times a bare array edit.
    private static func checks(filter: [FilterBenchmark.Result]) -> [TargetCheck] {
        filter.compactMap { result in
            guard let speedup = result.targetSpeedup, let ratio = result.targetRatio else {
                return nil
            }
            return TargetCheck(
                subject: "find N=\(Format.grouped(result.movies)), \(result.matchPercent)% match",
                goal: "refilter/derived ≥ \(Format.fixed(speedup, 0)), "
                    + "derived/raw ≤ \(Format.fixed(ratio, 0))",
                measured:
                    "\(Format.fixed(result.speedup, 1)), \(Format.fixed(result.derivedRatio, 2))",
                met: result.speedup >= speedup && result.derivedRatio <= ratio
            )
        }
    }

    /// The filtered screen view's target, one line per match rate: bytes per edit independent
    /// of N, read as for section 8: the mean edit at the largest N within 25% of the one at the
    /// smallest N whose matches fill the window (fewer matches than rows make edits cheaper, for
    /// a reason that is not N).
    private static func checks(filterScreen: [FilteredScreenBenchmark.Result]) -> [TargetCheck] {
        var percents: [Int] = []
        for result in filterScreen where !percents.contains(result.matchPercent) {
            percents.append(result.matchPercent)
        }
        return percents.compactMap { percent in
            let full = filterScreen.filter {
                $0.matchPercent == percent && $0.matches >= $0.rows - 3
            }
            guard let smallest = full.first, let largest = full.last, smallest != largest else {
                return nil
            }
            let growth = largest.bytesPerEdit / max(smallest.bytesPerEdit, 1)
            return TargetCheck(
                subject: "find screen, \(percent)% match",
                goal: "bytes/edit independent of N (from \(Format.grouped(smallest.movies)))",
                measured: "×\(Format.fixed(growth, 2)) bytes",
                met: growth <= 1.25
            )
        }
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
            guard let target = result.targetRatio else { continue }
            checks.append(
                TargetCheck(
                    subject: "undo N=\(Format.grouped(result.movies))",
                    goal: "undo/edit, redo/edit ≤ \(Format.fixed(target, 1))",
                    measured: "\(Format.fixed(result.undoRatio, 2)), "
                        + Format.fixed(result.redoRatio, 2),
                    met: result.undoRatio <= target && result.redoRatio <= target
                ))
        }
        if let smallest = undo.first, let largest = undo.last {
            let sizes = "N=\(Format.grouped(smallest.movies))→" + Format.grouped(largest.movies)
            let perEntry = undo.compactMap(\.historyBytesPerEntry)
            if perEntry.count == undo.count, let low = perEntry.min(), let high = perEntry.max() {
                checks.append(
                    TargetCheck(
                        subject: "history \(sizes)",
                        goal: "bytes/entry the same at every N",
                        measured: "\(Format.fixed(low, 1))–\(Format.fixed(high, 1)) B",
                        met: high <= low * 1.05
                    ))
            } else {
                checks.append(
                    TargetCheck(
                        subject: "history \(sizes)", goal: "bytes/entry the same at every N",
                        measured: "not measurable here", met: false))
            }
            let growth =
                largest.reloadUndoNanoseconds / max(smallest.reloadUndoNanoseconds, 1)
            checks.append(
                TargetCheck(
                    subject: "undo refresh \(sizes)",
                    goal: "time/step independent of N (≤ 2×)",
                    measured: "×\(Format.fixed(growth, 2))",
                    met: growth <= 2
                ))
        }
        let perEdit = Double(script.pipedSyncCalls) / Double(max(script.edits, 1))
        checks.append(
            TargetCheck(
                subject: "--state \(Format.grouped(script.edits)) edits",
                goal: "piped, with/without ≤ \(Format.fixed(script.targetRatio, 0))",
                measured: "\(Format.fixed(script.ratio, 1)), "
                    + "\(Format.fixed(perEdit, perEdit < 0.01 ? 4 : 2)) fsync/edit",
                met: script.ratio <= script.targetRatio
            ))
        for file in restore.files where file.targeted {
            let journal =
                file.journalLines == 0
                ? "no journal" : "+\(Format.grouped(file.journalLines)) lines"
            checks.append(
                TargetCheck(
                    subject: "restore N=\(Format.grouped(restore.movies))",
                    goal: "\(journal): restore/decode ≤ \(Format.fixed(restore.targetRatio, 1))",
                    measured: Format.fixed(file.ratio, 2),
                    met: file.ratio <= restore.targetRatio
                ))
        }
        return checks
    }
}
