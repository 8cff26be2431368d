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
    var targets: [TargetCheck]

    init(
        machine: MachineInfo,
        mode: String,
        seed: UInt64,
        dispatch: [DispatchBenchmark.Result],
        redraw: [RedrawBenchmark.Result],
        pipeline: PipelineBenchmark.Result,
        load: LoadBenchmark.Result
    ) {
        self.machine = machine
        self.mode = mode
        self.seed = seed
        self.dispatch = dispatch
        self.redraw = redraw
        self.pipeline = pipeline
        self.load = load
        targets = Self.checks(dispatch: dispatch, redraw: redraw, load: load)
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
}
