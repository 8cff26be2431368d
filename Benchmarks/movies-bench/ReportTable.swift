// Role in the benchmark: the human-readable output. One block per section, then the
// targets; every figure comes from a `BenchmarkReport`, the same value the JSON is printed from.

/// Renders a `BenchmarkReport` as the text table printed by default.
enum ReportTable {
    /// The whole table, ending with a newline.
    static func render(_ report: BenchmarkReport) -> String {
        let machine = report.machine
        var lines = [
            "movies-bench: \(machine.architecture), \(machine.cores) cores, \(machine.cpuModel), "
                + "\(machine.build) build, \(report.mode) run, seed \(report.seed)"
        ]
        if machine.build == "debug" {
            lines.append("warning: debug build; run with -c release for figures worth comparing")
        }
        if report.mode == "quick" {
            lines.append(
                "note: quick run; its workloads are too small to judge the targets by, it only "
                    + "proves every section runs")
        }
        lines.append("")
        lines += dispatch(report.dispatch) + middleware(report.middleware)
        lines.append("")
        lines += redraw(report.redraw)
        lines.append("")
        lines += pipeline(report.pipeline)
        lines.append("")
        lines += load(report.load)
        lines.append("")
        lines += undo(report.undo)
        lines.append("")
        lines += script(report.script)
        lines.append("")
        lines += restore(report.restore)
        lines.append("")
        lines += screen(report.screen)
        lines.append("")
        lines += filter(report.filter)
        lines.append("")
        lines += filterScreen(report.filterScreen)
        lines.append("")
        lines += follow(report.follow)
        lines.append("")
        lines += travel(report.travel)
        lines.append("")
        lines += targets(report.targets)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func dispatch(_ results: [DispatchBenchmark.Result]) -> [String] {
        let rounds = results.first?.rounds ?? 0
        var lines = [
            "1. Dispatch: mixed insert/move/delete, MoviesViewModel with one subscriber "
                + "vs bare [Movie]",
            "   list kept at N or N+1 movies; \(rounds) interleaved rounds: best (median) time, "
                + "median of the rounds' ratios",
            row(
                [
                    "N", "actions", "store/action", "raw/action", "store/raw", "target",
                    "buffer moves",
                ],
                [9, 9, 24, 24, 11, 8, 14]),
        ]
        for result in results {
            lines.append(
                row(
                    [
                        Format.grouped(result.movies),
                        Format.grouped(result.actions),
                        bestAndMedian(
                            result.storeNanosecondsPerAction, result.storeMedianNanosecondsPerAction
                        ),
                        bestAndMedian(
                            result.rawNanosecondsPerAction, result.rawMedianNanosecondsPerAction),
                        Format.ratio(result.ratio),
                        Format.atMost(result.targetRatio),
                        "\(result.bufferMoves) of \(Format.grouped(result.actions))",
                    ],
                    [9, 9, 24, 24, 11, 8, 14]))
        }
        lines += [
            "   control: the same store, its subscriber also keeping each state (as an undo history "
                + "or a diffing view would),",
            "   so every action after the first must copy the list first",
            row(["N", "ns/action", "× raw", "buffer moves"], [9, 14, 9, 20]),
        ]
        for result in results {
            lines.append(
                row(
                    [
                        Format.grouped(result.movies),
                        Format.duration(result.keepingStateNanosecondsPerAction),
                        Format.factor(result.keepingStateRatio),
                        "\(Format.grouped(result.keepingStateBufferMoves)) of "
                            + Format.grouped(result.actions),
                    ],
                    [9, 14, 9, 20]))
        }
        return lines
    }

    /// Section 1 alone, with its targets, as `--dispatch-only` prints it.
    static func renderDispatch(
        _ dispatch: [DispatchBenchmark.Result], _ middleware: MiddlewareBenchmark.Result,
        machine: MachineInfo
    ) -> String {
        let lines =
            [
                "movies-bench --dispatch-only: \(machine.architecture), \(machine.cores) cores, "
                    + "\(machine.build) build", "",
            ] + self.dispatch(dispatch) + self.middleware(middleware) + [""]
            + targets(BenchmarkReport.checks(dispatch: dispatch, middleware: middleware))
        return lines.joined(separator: "\n") + "\n"
    }

    private static func middleware(_ result: MiddlewareBenchmark.Result) -> [String] {
        let widths = [9, 9, 24, 24, 11, 8]
        return [
            "   with a middleware: the same store watched by one middleware that does nothing "
                + "(a session with --state or --trace has one)",
            row(
                ["N", "actions", "watched/action", "raw/action", "×raw", "target"], widths),
            row(
                [
                    Format.grouped(result.n),
                    Format.grouped(result.actions),
                    bestAndMedian(result.nanosecondsPerAction, result.medianNanosecondsPerAction),
                    bestAndMedian(
                        result.rawNanosecondsPerAction, result.rawMedianNanosecondsPerAction),
                    Format.ratio(result.ratio),
                    Format.atMost(result.targetRatio),
                ], widths),
        ]
    }

    private static func redraw(_ results: [RedrawBenchmark.Result]) -> [String] {
        let widths = [9, 9, 9, 9, 7, 13, 9, 12]
        var lines = [
            "2. Redraw: bytes MoviesViewController writes per change, vs a full redraw of the list",
            "   mean over \(Format.grouped(results.first?.changes ?? 0)) seeded changes per size",
            row(
                ["N", "insert", "delete", "move", "lines", "full redraw", "one row", "move/full"],
                widths),
        ]
        for result in results {
            let share = result.moveBytes / Double(max(result.fullRedrawBytes, 1))
            lines.append(
                row(
                    [
                        Format.grouped(result.movies),
                        Format.meanBytes(result.insertBytes),
                        Format.meanBytes(result.deleteBytes),
                        Format.meanBytes(result.moveBytes),
                        "≤ \(result.maximumLinesPerChange)",
                        Format.bytes(result.fullRedrawBytes),
                        Format.meanBytes(result.rowBytes),
                        Format.fixed(share * 100, 4) + "%",
                    ],
                    widths))
        }
        return lines
    }

    private static func screen(_ results: [ScreenBenchmark.Result]) -> [String] {
        let widths = [9, 9, 9, 9, 12, 9, 14, 11]
        let window = results.first.map { "\($0.rows)×\($0.columns)" } ?? ""
        var lines = [
            "8. Screen view: bytes ScreenView writes per edit and per spinner frame, on a \(window) "
                + "window, vs a full repaint",
            "   edits on visible rows (insert, delete, move), edits below the window, one spinner "
                + "frame",
            row(
                [
                    "N", "insert", "delete", "move", "off screen", "spinner", "full repaint",
                    "edit/full",
                ],
                widths),
        ]
        for result in results {
            lines.append(
                row(
                    [
                        Format.grouped(result.movies),
                        Format.meanBytes(result.insertBytes),
                        Format.meanBytes(result.deleteBytes),
                        Format.meanBytes(result.moveBytes),
                        Format.meanBytes(result.offScreenBytes),
                        Format.meanBytes(result.spinnerBytes),
                        Format.bytes(result.fullRepaintBytes),
                        Format.percent(result.largestEditShare),
                    ],
                    widths))
        }
        return lines
    }

    private static func pipeline(_ result: PipelineBenchmark.Result) -> [String] {
        func stage(_ name: String, _ nanoseconds: Double, _ share: Double) -> String {
            "   " + Format.left(name, 46) + Format.right(Format.duration(nanoseconds), 10)
                + Format.right(Format.percent(share), 9)
        }
        return [
            "3. Pipeline: \(Format.grouped(result.commands)) commands at "
                + "N=\(Format.grouped(result.movies)): line → CommandRunner → discarding sink",
            "   best of \(result.rounds) rounds per stage; each stage also timed on its own",
            "   " + Format.left("end to end, per command", 46)
                + Format.right(Format.duration(result.endToEndNanoseconds), 10)
                + "   (median " + Format.duration(result.endToEndMedianNanoseconds) + ")",
            stage(
                "  parse (Tokenizer + CommandList.parse)", result.parseNanoseconds,
                result.parseShare),
            stage(
                "  dispatch (MoviesViewModel actions)", result.dispatchNanoseconds,
                result.dispatchShare),
            stage(
                "  render (MoviesViewController.render)", result.renderNanoseconds,
                result.renderShare),
            stage(
                "  other (CommandRunner glue, noise)", result.otherNanoseconds, result.otherShare),
            "   view output: \(Format.meanBytes(result.bytesPerCommand)) per command",
        ]
    }

    private static func load(_ result: LoadBenchmark.Result) -> [String] {
        func peak(_ before: Int, _ peak: Int, _ factor: Double) -> String {
            Format.bytes(peak) + ": " + Format.bytes(before) + " at rest + "
                + Format.bytes(peak - before) + " (" + Format.factor(factor) + "× the list)"
        }
        return [
            "4. Load: \(Format.grouped(result.movies))-movie catalog, "
                + "\(Format.bytes(result.fileBytes)) of JSON in a temporary file",
            "   \(result.rounds) interleaved rounds: best (median) time, median of the rounds' ratios",
            figure(
                "app: refresh → fetch → decode → first render",
                bestAndMedian(result.loadNanoseconds, result.loadMedianNanoseconds)),
            figure(
                "bare: Data(contentsOf:) + JSONDecoder",
                bestAndMedian(result.decodeNanoseconds, result.decodeMedianNanoseconds)),
            figure(
                "app/bare",
                withTarget(result.ratio, result.targetRatio)),
            figure("first render written", Format.bytes(result.firstRenderBytes)),
            figure("decoded list (elements + title storage)", Format.bytes(result.decodedBytes)),
            figure(
                "peak RSS, fresh process loading via the app",
                peak(
                    result.loadResidentBeforeBytes, result.loadPeakResidentBytes,
                    result.loadPeakGrowthFactor)),
            figure(
                "peak RSS, fresh process only decoding",
                peak(
                    result.decodeResidentBeforeBytes, result.decodePeakResidentBytes,
                    result.decodePeakGrowthFactor)),
        ]
    }

    private static func undo(_ results: [UndoBenchmark.Result]) -> [String] {
        let widths = [9, 9, 21, 21, 21, 11, 11, 8]
        let first = results.first
        var lines = [
            "5. Undo and redo: mixed insert/move/delete sent to MoviesViewModel with one subscriber, "
                + "then undo all, then redo all",
            "   the history holds every edit; \(first?.rounds ?? 0) rounds: best (median) time per "
                + "step, median of the rounds' ratios to the edits",
            row(
                [
                    "N", "edits", "edit/step", "undo/step", "redo/step", "undo/edit", "redo/edit",
                    "target",
                ], widths),
        ]
        for result in results {
            lines.append(
                row(
                    [
                        Format.grouped(result.movies),
                        Format.grouped(result.edits),
                        bestAndMedian(result.editNanoseconds, result.editMedianNanoseconds),
                        bestAndMedian(result.undoNanoseconds, result.undoMedianNanoseconds),
                        bestAndMedian(result.redoNanoseconds, result.redoMedianNanoseconds),
                        Format.ratio(result.undoRatio),
                        Format.ratio(result.redoRatio),
                        result.targetRatio.map(Format.atMost) ?? "–",
                    ], widths))
        }
        lines.append(
            "   undo or redo of a refresh (the whole list swapped), per step: "
                + results.map {
                    "\(Format.duration($0.reloadUndoNanoseconds)) at \(Format.grouped($0.movies))"
                }.joined(separator: ", "))
        let memoryWidths = [9, 14, 12, 16, 16, 9]
        lines += [
            "   heap held by the history after \(Format.grouped(first?.historyEntries ?? 0)) edits, "
                + "vs the control: a history that keeps a copy of the list before every action",
            "   (bytes: allocator's count of bytes in use, with the history minus without)",
            row(
                ["N", "bytes/entry", "control: N", "bytes/entry", "time/action", "× edit"],
                memoryWidths),
        ]
        for result in results {
            lines.append(
                row(
                    [
                        Format.grouped(result.movies),
                        result.historyBytesPerEntry.map(Format.meanBytes) ?? "n/a",
                        Format.grouped(result.snapshotEntries),
                        result.snapshotBytesPerEntry.map { Format.bytes(Int($0)) } ?? "n/a",
                        Format.duration(result.snapshotNanoseconds),
                        Format.factor(result.snapshotRatio),
                    ], memoryWidths))
        }
        return lines
    }

    private static func script(_ result: PipedScriptBenchmark.Result) -> [String] {
        let widths = [34, 12, 14, 14, 13]
        return [
            "6. State file: \(Format.grouped(result.edits)) edits piped into the built movies binary "
                + "(--latency 0 --quiet), then list --json",
            "   bundled \(result.movies)-movie catalog, a new state file in a temporary folder; "
                + "\(result.rounds) interleaved rounds: best (median) wall time",
            figure(
                "without --state",
                bestAndMedian(result.plainNanoseconds, result.plainMedianNanoseconds)),
            figure(
                "with --state",
                bestAndMedian(result.stateNanoseconds, result.stateMedianNanoseconds)),
            figure(
                "with/without",
                withTarget(result.ratio, result.targetRatio)),
            figure(
                "fsync calls of the binary (strace -c -f)",
                result.binarySyncCalls.map { Format.perEdit($0, of: result.edits) }
                    ?? "not counted (no strace here)"),
            "   the same script in process (MoviesApp.run, discarding output); fsync calls counted "
                + "by StateFileJournal.syncCount",
            "   " + Format.left("input", 34)
                + zip(
                    ["without", "with --state", "with/without", "fsync calls"], widths.dropFirst()
                )
                .map { Format.right($0, $1) }.joined(),
            "   " + Format.left("LineReader (as the binary reads)", 34)
                + Format.right(Format.duration(result.pipedPlainNanoseconds), 12)
                + Format.right(Format.duration(result.pipedStateNanoseconds), 14)
                + Format.right(Format.ratio(result.pipedRatio), 14)
                + Format.right(Format.grouped(result.pipedSyncCalls), 13),
            "   " + Format.left("every line ready (ScriptInput)", 34)
                + Format.right(Format.duration(result.readyPlainNanoseconds), 12)
                + Format.right(Format.duration(result.readyStateNanoseconds), 14)
                + Format.right(Format.ratio(result.readyRatio), 14)
                + Format.right(Format.grouped(result.readySyncCalls), 13),
        ]
    }

    private static func restore(_ result: RestoreBenchmark.Result) -> [String] {
        let widths = [16, 11, 22, 22, 14, 8]
        var lines = [
            "7. Restore: \(Format.grouped(result.movies))-movie state file, a snapshot line of "
                + "\(Format.bytes(result.snapshotBytes)) and a journal, from a temporary file into "
                + "memory",
            "   StateFile.restore (decode, validate, apply the journal) vs a bare JSONDecoder "
                + "([Movie], then each journal line as a Change)",
            "   \(result.rounds) interleaved rounds: best (median) time, median of the rounds' ratios",
            row(
                ["journal lines", "file", "restore", "bare", "restore/bare", "target"], widths),
        ]
        for file in result.files {
            lines.append(
                row(
                    [
                        Format.grouped(file.journalLines),
                        Format.bytes(file.fileBytes),
                        bestAndMedian(file.restoreNanoseconds, file.restoreMedianNanoseconds),
                        bestAndMedian(file.bareNanoseconds, file.bareMedianNanoseconds),
                        Format.ratio(file.ratio),
                        file.targeted ? Format.atMost(result.targetRatio) : "–",
                    ], widths))
        }
        lines.append(
            "   (the app folds its journal into a new snapshot at "
                + "\(Format.grouped(result.journalBound)) lines, or once the journal outgrows both "
                + "the snapshot and 1 MiB)")
        return lines
    }

    private static func filter(_ results: [FilterBenchmark.Result]) -> [String] {
        // How many actions filter-and-diff followed at each size, in the order of the sizes.
        var sizes: [(movies: Int, actions: Int)] = []
        for result in results where !sizes.contains(where: { $0.movies == result.movies }) {
            sizes.append((result.movies, result.refilterActions))
        }
        let prefixes = sizes.map { "\(Format.grouped($0.actions)) at \(Format.grouped($0.movies))" }
            .joined(separator: ", ")
        let widths = [9, 7, 9, 22, 12, 12, 18, 13, 16, 12]
        var lines = [
            "9. Find: a filtered view of the list, per action (the mixed insert/move/delete of "
                + "section 1)",
            "   derived: FilteredList.apply, fed the store's Changes; refilter: filter the whole "
                + "list again and diff it with the last result",
            "   (ReSwift's select, TCA's scope: a new array the view must diff); raw: the bare array "
                + "edit; store+find: MoviesViewModel with subscribe(filtered:)",
            "   the filter reads the id only: as cheap as a predicate gets, which favours refilter",
            "   \(results.first?.rounds ?? 0) interleaved rounds: derived: best (median) time per "
                + "action; refilter, raw: best; ratios: the median of the rounds' ratios",
            "   refilter times the first actions of the stream only: " + prefixes,
            row(
                [
                    "N", "match", "matches", "derived/action", "refilter", "raw",
                    "refilter/derived", "derived/raw", "store+find/raw", "target",
                ], widths),
        ]
        for result in results {
            let target = result.targetSpeedup.map { Format.atLeast($0) + ", " } ?? ""
            lines.append(
                row(
                    [
                        Format.grouped(result.movies),
                        "\(result.matchPercent)%",
                        Format.grouped(result.matches),
                        bestAndMedian(
                            result.derivedNanosecondsPerAction,
                            result.derivedMedianNanosecondsPerAction),
                        Format.duration(result.refilterNanosecondsPerAction),
                        Format.duration(result.rawNanosecondsPerAction),
                        Format.factor(result.speedup),
                        Format.ratio(result.derivedRatio),
                        Format.ratio(result.storeRatio),
                        target + (result.targetRatio.map(Format.atMost) ?? "–"),
                    ], widths))
        }
        return lines
    }

    private static func filterScreen(_ results: [FilteredScreenBenchmark.Result]) -> [String] {
        let widths = [9, 7, 9, 12, 10, 12, 17, 14, 11, 11, 9]
        let window = results.first.map { "\($0.rows)×\($0.columns)" } ?? ""
        var lines = [
            "   The screen view while `find` is on, on a \(window) window showing the matches from "
                + "their middle: per edit of the same stream",
            "   (an edit of a hidden row rewrites at most the digits of the shown matches it moved)",
            "   find on: the whole list searched (TitleSearch) and drawn, best; fold×N: Foundation's "
                + "folding per title times N, over find on",
            row(
                [
                    "N", "match", "matches", "bytes/edit", "largest", "rows drawn",
                    "rows renumbered", "full repaint", "edit/full", "find on", "fold×N",
                ], widths),
        ]
        for result in results {
            let share = result.bytesPerEdit / Double(max(result.fullRepaintBytes, 1))
            lines.append(
                row(
                    [
                        Format.grouped(result.movies),
                        "\(result.matchPercent)%",
                        Format.grouped(result.matches),
                        Format.meanBytes(result.bytesPerEdit),
                        Format.bytes(result.largestEditBytes),
                        Format.meanCount(result.rowsDrawnPerEdit),
                        Format.meanCount(result.rowsRenumberedPerEdit),
                        Format.bytes(result.fullRepaintBytes),
                        Format.percent(share),
                        Format.duration(result.findOnNanoseconds),
                        Format.factor(result.findOnSpeedup),
                    ], widths))
        }
        return lines
    }

    private static func follow(_ results: [FollowBenchmark.Result]) -> [String] {
        let widths = [9, 7, 12, 12, 12, 12, 13, 14, 11]
        let window = results.first.map { "\($0.rows)×\($0.columns)" } ?? ""
        var lines = [
            "10. Follow: `movies --follow FILE` in a process of its own while this one edits FILE "
                + "through a journal (no fsync)",
            "   lag: from the owner's commit to the follower's row read from its output; bytes "
                + "per edit: its row, and a following screen view on a \(window) window",
            row(
                [
                    "N", "edits", "lag median", "lag p99", "lag largest", "row bytes",
                    "screen bytes", "full repaint", "edit/full",
                ], widths),
        ]
        for result in results {
            let share = result.screenBytesPerEdit / Double(max(result.fullRepaintBytes, 1))
            lines.append(
                row(
                    [
                        Format.grouped(result.movies),
                        Format.grouped(result.edits),
                        Format.duration(result.lagMedianNanoseconds),
                        Format.duration(result.lagP99Nanoseconds),
                        Format.duration(result.lagMaxNanoseconds),
                        Format.meanBytes(result.lineBytesPerEdit),
                        Format.meanBytes(result.screenBytesPerEdit),
                        Format.bytes(result.fullRepaintBytes),
                        Format.percent(share),
                    ], widths))
        }
        return lines
    }

    private static func travel(_ result: TimeTravelBenchmark.Result) -> [String] {
        let edits = Format.grouped(result.edits)
        let middle = Format.grouped(result.edits / 2)
        func jump(_ name: String, _ ours: String, _ replay: String, _ ratio: String) -> String {
            "   " + Format.left(name, 32) + Format.right(ours, 22) + Format.right(replay, 24)
                + Format.right(ratio, 13)
        }
        var lines = [
            "11. Time travel: \(edits) edits (insert, move, delete, rename, rate) at "
                + "N=\(Format.grouped(result.movies)), all kept by a history of \(edits)",
            "   goto: MoviesViewModel's goto, one Change undone or redone per edit crossed; replay "
                + "(Redux DevTools): the initial list copied into a fresh",
            "   store (no subscriber, no history), then the edits sent again from the first; "
                + "\(result.rounds) interleaved rounds: best (median) time,",
            "   median of the rounds' replay/goto",
            jump("", "goto", "replay", "replay/goto"),
        ]
        let jumps = [
            ("goto 0, from the end", result.start), ("goto \(middle), from the end", result.middle),
            ("goto \(edits), from 0", result.end),
        ]
        for (name, figures) in jumps {
            lines.append(
                jump(
                    name, bestAndMedian(figures.gotoNanoseconds, figures.gotoMedianNanoseconds),
                    bestAndMedian(figures.replayNanoseconds, figures.replayMedianNanoseconds),
                    Format.smallRatio(figures.ratio)))
        }
        lines += [
            jump(
                "walk \(edits) → 0, a goto per edit",
                bestAndMedian(result.walkNanoseconds, result.walkMedianNanoseconds),
                Format.duration(result.replayWalkNanoseconds) + " *",
                Format.factor(result.walkRatio)),
            "   per step of the walk: goto "
                + Format.duration(result.walkNanoseconds / Double(max(result.edits, 1)))
                + ", replay "
                + Format.duration(result.replayWalkNanoseconds / Double(max(result.edits, 1)))
                + "; one edit replayed: " + Format.duration(result.replayNanosecondsPerEdit)
                + " (replay to \(edits) less replay to 0, over \(edits); best rounds)",
            "   * extrapolated, not run: for each point from \(Format.grouped(result.edits - 1)) "
                + "down to 0, replay's copy and every edit before the point",
        ]
        let widths = [9, 13, 15]
        lines += [
            "   heap held by the history per edit after \(edits) edits (allocator's count of bytes "
                + "in use, with the history minus without)",
            row(["N", "bytes/edit", "\(edits) edits"], widths),
        ]
        for size in result.history {
            lines.append(
                row(
                    [
                        Format.grouped(size.movies),
                        size.bytesPerEdit.map(Format.meanBytes) ?? "n/a",
                        size.bytesPerEdit.map { Format.bytes(Int($0 * Double(result.edits))) }
                            ?? "n/a",
                    ], widths))
        }
        let copies =
            "   keeping a copy of each state instead (DevTools' other way), measured with "
            + "\(Format.grouped(result.copies)) copies at N=\(Format.grouped(result.movies)):"
        if let perCopy = result.copyBytesPerEdit {
            var extrapolated =
                "   \(Format.bytes(Int(perCopy))) per edit; \(edits) edits: "
                + "\(Format.bytes(Int(perCopy * Double(result.edits)))) (extrapolated)"
            if let history = result.historyBytesPerEdit {
                extrapolated +=
                    ", \(Format.factor(perCopy / max(history, 1)))× the history's "
                    + Format.bytes(Int(history * Double(result.edits)))
            }
            lines += [copies, extrapolated]
        } else {
            lines += [copies + " n/a"]
        }
        return lines
    }

    private static func targets(_ checks: [TargetCheck]) -> [String] {
        var lines = ["Targets"]
        for check in checks {
            lines.append(
                "   " + Format.left(check.subject, 29) + Format.left(check.goal, 44)
                    + Format.left(check.measured, 26) + (check.met ? "met" : "MISSED"))
        }
        return lines
    }

    /// A labelled figure after a three-space indent, the value starting at column `width`.
    private static func figure(_ name: String, _ value: String, width: Int = 46) -> String {
        "   " + Format.left(name, width) + value
    }

    /// A time as "best (median)".
    private static func bestAndMedian(_ best: Double, _ median: Double) -> String {
        Format.duration(best) + " (" + Format.duration(median) + ")"
    }

    /// A ratio and the target it is held to, such as "1.11   target ≤ 1.2".
    private static func withTarget(_ ratio: Double, _ target: Double) -> String {
        Format.ratio(ratio) + "   target " + Format.atMost(target)
    }

    /// Cells right-aligned in columns of the given widths, after a three-space indent.
    private static func row(_ cells: [String], _ widths: [Int]) -> String {
        "   " + zip(cells, widths).map { Format.right($0, $1) }.joined()
    }
}
