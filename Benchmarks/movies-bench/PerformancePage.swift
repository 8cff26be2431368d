// Role in the benchmark: docs/PERFORMANCE.md, written from one run. The page quotes the run's
// table whole and says what its figures mean for the architecture. Every number in its prose is
// interpolated from the same `BenchmarkReport` the table is printed from, through the table's own
// formatters, and every judgement (a target met or missed, a cost that shows or does not) is
// derived from the figures, so the page cannot claim what the run did not print.
// scripts/write-performance runs `movies-bench --markdown --commit HASH` and keeps the page only
// when the run succeeds.

/// Renders docs/PERFORMANCE.md from a report and the commit it measured.
///
/// The page is written by code rather than by hand so that its prose cannot drift from the
/// figures: every number is interpolated from the report, every verdict derived from it, and each
/// run rewrites the page whole.
enum PerformancePage {
    /// The whole page, ending with a newline.
    static func render(_ report: BenchmarkReport, commit: String) -> String {
        let blocks =
            introduction() + reproduce() + oneRun(report, commit: commit)
            + [figuresHeading] + figures(report)
            + [
                "## How it measures",
                method.map { Prose.wrapped($0, first: "- ", rest: "  ") }
                    .joined(separator: "\n"),
            ]
            + targets(report.targets)
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// The heading of the section whose prose quotes the run; the tests find it by this line.
    static let figuresHeading = "## What the figures say about the architecture"

    // MARK: - Around the figures

    private static func introduction() -> [String] {
        [
            "# Performance",
            Prose.wrapped(
                "What the architecture costs, measured. `movies-bench` runs the app's code and a raw "
                    + "baseline (or the design the app avoids) side by side, in the same run, on "
                    + "seeded workloads, and reports their ratios: a lone time says little on a "
                    + "shared machine, a ratio within one run says a lot. It is a measurement, not a "
                    + "test: it prints which targets were met and exits 0 either way. CI only builds "
                    + "it and runs `--quick` once, to prove it still runs. Back to the "
                    + "[README](../README.md)."),
            Prose.wrapped(
                "This page is written by one command, "
                    + "[`scripts/write-performance`](../scripts/write-performance), from one release "
                    + "run: the table and the prose alike. To change its text, change "
                    + "[`PerformancePage.swift`](../Benchmarks/movies-bench/PerformancePage.swift) "
                    + "and run the script again."),
        ]
    }

    private static func reproduce() -> [String] {
        [
            "## Reproduce",
            """
            ```sh
            scripts/write-performance                   # this page, from a release run at HEAD
            swift run -c release movies-bench           # the table below
            swift run -c release movies-bench --json    # the same figures as one JSON object
            swift run -c release movies-bench --quick   # seconds; a smoke run, its figures mean nothing
            swift run -c release movies-bench --seed 7  # another workload (default seed 42)
            swift run -c release movies-bench --dispatch-only  # section 1 alone, for work on the store
            ```
            """,
            Prose.wrapped(
                "`scripts/write-performance` refuses a work tree with uncommitted changes, so the "
                    + "commit this page names is the code that ran. It builds `movies` and "
                    + "`movies-bench` in release mode, runs `movies-bench --markdown --commit HASH` "
                    + "and replaces this file only when the run succeeds. Build in release mode: a "
                    + "debug build prints a warning, and its timings are not worth comparing. "
                    + "`movies-bench` depends on `movies`, so `swift run` builds the binary that "
                    + "section 6 pipes a script into; that section also counts the binary's `fsync` "
                    + "calls with `strace` when it is installed (`apt-get install strace`), and says "
                    + "so when it is not. The source is "
                    + "[`Benchmarks/movies-bench`](../Benchmarks/movies-bench)."),
        ]
    }

    private static func oneRun(_ report: BenchmarkReport, commit: String) -> [String] {
        let machine = report.machine
        var run =
            "Every figure on this page comes from this one run of `movies-bench --markdown` at "
            + "commit `\(commit)`: a \(machine.build) build, a \(report.mode) run with seed "
            + "\(report.seed), on \(machine.architecture) with \(machine.cores) cores "
            + "(\(machine.cpuModel), as `/proc/cpuinfo` names it). The machine may be shared: "
            + "other work can take the cores during a run, which is why every section compares "
            + "within rounds."
        if report.mode == "quick" || machine.build == "debug" {
            run +=
                " This run's figures are not worth reading: the table's first lines say why."
        }
        return [
            "## One run",
            Prose.wrapped(run),
            "```text\n" + ReportTable.render(report) + "```",
        ]
    }

    private static func targets(_ checks: [TargetCheck]) -> [String] {
        let missed = checks.filter { !$0.met }
        let summary =
            missed.isEmpty
            ? "This run met every one."
            : "This run missed "
                + Prose.list(missed.map { "\($0.subject) (\($0.goal): \($0.measured))" })
                + ", and met the rest."
        return [
            "## Targets",
            Prose.wrapped(
                "The table ends with the targets, each against this run's figure. "
                    + summary + " How each target is read (what \"independent of N\" allows, for "
                    + "one) is written where it is checked, in "
                    + "[`BenchmarkReport.swift`](../Benchmarks/movies-bench/BenchmarkReport.swift). "
                    + "Nothing fails on a miss: the benchmark reports, and a person decides."),
        ]
    }

    /// The method, which no run changes.
    private static let method = [
        "Every workload is drawn from a seeded SplitMix64 generator: the same seed, the same work.",
        "Each figure is taken several times, alternating with its baseline round by round. Times are "
            + "the best round (interference only adds time) with the median beside it. Each ratio "
            + "is the median, over rounds, of the two sides' ratio within the round: load from "
            + "elsewhere that lasts longer than a round slows both sides alike and cancels out.",
        "The dispatch section proves its comparison is fair: the store's subscriber and the bare "
            + "loop fold every edit into a checksum, and the checksums and final lists must match, "
            + "or the benchmark stops. The buffer check reserves a spare slot in the array, so "
            + "growth cannot move the buffer and any move is a copy; the control row shows that "
            + "the check does see copies.",
        "The redraw and screen sections count bytes with an output that discards what it is given.",
        "Peak memory (`VmHWM` from /proc/self/status) is measured in a fresh child process per "
            + "load, because in the benchmark's own process the allocator's arenas still hold "
            + "memory freed by earlier rounds.",
        "The undo section checks every round: after the edits the list must equal the bare array's "
            + "result, after undoing them all the starting list, after redoing them all the result "
            + "again, with the undo and redo stacks at the right depth; otherwise the benchmark "
            + "stops.",
        "History memory is the allocator's own count of bytes in use (glibc's `malloc_stats`), "
            + "read before and after the edits on a fresh store, minus the same run with the "
            + "history turned off (`historyLimit: 0`): what the history holds, to the byte. The "
            + "store's list gets titles of its own for this, so no copy kept by the benchmark hides "
            + "a freed title. Each figure is the median of three such pairs.",
        "The state-file section pipes the script through a real pipe into the real binary and "
            + "times the process from start to exit; both runs must exit 0 with an empty stderr "
            + "and print the script's final list (checked against the bare array), and the state "
            + "file must restore to that list. The same script also runs in process through "
            + "`MoviesApp.run`, whose `journalOpened` parameter lends the caller the journal, so "
            + "`StateFileJournal.syncCount` counts its `fsync` calls; `strace`, when installed, "
            + "counts the binary's own as a cross-check.",
        "The restore section's baseline splits the bytes at newlines and decodes the first line as "
            + "`[Movie]` and every other line as a `MoviesState.Change` with one `JSONDecoder`: no "
            + "validation, nothing applied. Both sides work on the same bytes in memory, read once "
            + "from the file.",
        "The find section runs the dispatch section's seeded edits under a filter that reads the "
            + "id only, as cheap as a predicate gets, which favours filter-and-diff (it calls the "
            + "predicate on every movie, the derived list on the inserted one only). "
            + "Filter-and-diff diffs with `difference(from:)` and is timed over the first actions "
            + "of the stream only. Each side folds what a view would draw into a checksum, and "
            + "after the rounds the derived list's rows and positions must be the final list "
            + "filtered afresh, or the benchmark stops.",
        "The follow section starts the real binary with `--follow` on a state file the benchmark "
            + "owns through the app's own journal (its `fsync` replaced by nothing, so that the lag "
            + "is the follower's: waking, reading, applying, drawing). Each edit is committed, then "
            + "the follower's output is read until its row arrives, which must be the row the "
            + "owner's own line view drew, or the benchmark stops; a row that comes before the "
            + "commit returns counts as no lag. The full run's edits pass the journal's bound "
            + "twice at each size, so the owner folds and the follower reads the new snapshot "
            + "whole: the largest lags. The edits touch the first rows, which a screen view "
            + "following the same file in process shows; its list must end as the owner's.",
        "The find section's screen view searches the titles for a word that the chosen share of "
            + "them holds, and shows the matches from their middle; each edit is measured by the "
            + "bytes written, the list rows drawn whole and the rows whose position digits alone "
            + "were rewritten. Folding with Foundation is timed over a sample of titles and "
            + "multiplied by N.",
        "The time-travel section draws its edits against a bare copy of the list, so that none is "
            + "one the store would leave out of its history (a rename to the title the movie has), "
            + "and checks every travel: after `goto 0` the list must be the initial one, after "
            + "`goto` the end the bare array's result, in the middle the bare array's after the "
            + "first half, with the history's point where the travel went, every edit still in "
            + "it and one `Change` made per edit crossed; the replay must reach the same lists. "
            + "The history's memory is measured as the undo section's is, after the same number of "
            + "edits at each size; the copies of the state are a `SnapshotHistory`, as many as fit "
            + "in the undo section's budget.",
    ]

    // MARK: - What the figures say

    private static func figures(_ report: BenchmarkReport) -> [String] {
        let paragraphs =
            dispatch(report.dispatch) + middleware(report) + drawing(report) + pipeline(report)
            + load(report.load)
            + undo(report) + history(report) + script(report) + restore(report)
            + find(report) + findScreen(report) + follow(report) + travel(report.travel)
        return paragraphs.map { Prose.wrapped($0) }
    }

    /// Section 1: the store against the bare array, and the control that copies.
    private static func dispatch(_ results: [DispatchBenchmark.Result]) -> [String] {
        guard let smallest = results.first, let largest = results.last else { return [] }
        let moves =
            results.allSatisfy { $0.bufferMoves == 0 }
            ? "and the list's buffer never moved (the buffer moves column)"
            : "and the list's buffer moved in "
                + Prose.atSizes(
                    results.map {
                        (
                            "\(Format.grouped($0.bufferMoves)) of \(Format.grouped($0.actions))",
                            $0.movies
                        )
                    }) + " actions: each move a copy of the whole list"
        let lead =
            results.allSatisfy(\.meetsTarget)
            ? "An action costs what the edit costs"
            : largest.meetsTarget
                ? "In a large list an action costs what the edit costs"
                : "An action is meant to cost what the edit costs"
        let first =
            "**\(lead)** (section 1). A reducer is a `mutating` function that the store calls on "
            + "the `MoviesState` it owns, and nothing else holds that state, so the array inside "
            + "has exactly one reference: copy-on-write's check passes, and `insert`, `remove` and "
            + "`move` shift elements where they lie, as on a bare `[Movie]`. Against the bare "
            + "array (store/raw) the store costs "
            + Prose.atSizes(results.map { (Format.ratio($0.ratio), $0.movies) }) + ", \(moves)."

        let fixed =
            "**The store's own cost per action is fixed, so it shows where the edit is cheap.** "
            + "The bare array's edit takes \(Format.duration(smallest.rawNanosecondsPerAction)) at "
            + "\(Format.grouped(smallest.movies)) movies and "
            + "\(Format.duration(largest.rawNanosecondsPerAction)) at "
            + "\(Format.grouped(largest.movies)). What the store adds does not grow with the list: "
            + "it records the `Change` in the undo history, delivers it with the state to each "
            + "subscriber, and keeps its own books (`send`, `Root.reduce`, the exclusivity checks "
            + "on its stored properties). Beside an edit that shifts many elements that is "
            + "nothing; beside one that shifts few, it shows. Removing it would mean trading the "
            + "lesson's plain `Change` values for hand-managed ownership in the store. "
            + targetSentence(
                results.map { result in
                    Verdict(
                        place: Format.grouped(result.movies), met: result.meetsTarget,
                        bound: Format.atMost(result.targetRatio),
                        missedBy: result.bufferMoves == 0
                            ? "\(Format.ratio(result.ratio)) against "
                                + Format.atMost(result.targetRatio)
                            : "the buffer moved \(Format.grouped(result.bufferMoves)) times")
                }, unit: " movies")

        let everyButFirst = results.allSatisfy {
            $0.keepingStateBufferMoves == $0.actions - 1
        }
        let copies =
            everyButFirst
            ? "the control's buffer moved on every action but the first"
            : "the control's buffer moved on "
                + Prose.atSizes(
                    results.map {
                        (
                            "\(Format.grouped($0.keepingStateBufferMoves)) of "
                                + Format.grouped($0.actions), $0.movies
                        )
                    }) + " actions"
        let control =
            "**A copy per action is what the alternatives pay.** The control is the same store "
            + "with one change: its subscriber keeps each state it is given, as an undo history of "
            + "snapshots or a view that diffs against the previous state must. Now something else "
            + "holds the array when the next action runs, so copy-on-write copies all of it first: "
            + "\(copies). That costs "
            + Prose.range(results.map(\.keepingStateRatio), Format.factor)
            + " times the bare edit, "
            + "\(Format.duration(largest.keepingStateNanosecondsPerAction)) per action at "
            + "\(Format.grouped(largest.movies)) movies. A reducer written as "
            + "`state = reduce(state, action)` pays that copy by construction."
        return [first, fixed, control]
    }

    /// Section 1's middleware row: the store watched by one middleware that does nothing.
    private static func middleware(_ report: BenchmarkReport) -> [String] {
        let result = report.middleware
        let lead =
            result.meetsTarget
            ? "Watching the store costs little" : "Watching the store costs more than it should"
        return [
            "**\(lead)** (section 1). A middleware sees every action before it runs and its "
                + "`Record` after: the state file's journal and the trace are middleware, so every "
                + "session with `--state` or `--trace` has one. With one middleware that does "
                + "nothing, the store costs \(Format.ratio(result.ratio)) times the bare edit at "
                + "\(Format.grouped(result.n)) movies "
                + "(\(Format.duration(result.nanosecondsPerAction)) per action against "
                + "\(Format.duration(result.rawNanosecondsPerAction)) for the edit). The store "
                + "reads the clock only for a middleware that asks for the reducers' time "
                + "(`wantsTiming`, which the trace sets), and the `Record` holds the action's "
                + "`Changes` inline, as `send` returns them, so handing it over allocates nothing. "
                + "Target \(Format.atMost(result.targetRatio)) \(verdict(result.meetsTarget)) at "
                + "\(Format.grouped(result.n)) movies."
        ]
    }

    /// Sections 2 and 8: bytes per change in the line view and the screen view.
    private static func drawing(_ report: BenchmarkReport) -> [String] {
        let redraw = report.redraw
        let screen = report.screen
        guard let largestList = redraw.last, let smallestList = redraw.first,
            let window = screen.first, let largestScreen = screen.last
        else { return [] }
        let lines = redraw.map(\.maximumLinesPerChange).max() ?? 0
        let lineBytes = Prose.range(
            redraw.flatMap { [$0.insertBytes, $0.deleteBytes, $0.moveBytes] }, Format.meanBytes)
        let redrawMet = allMet(report, .redraw)
        let screenMet = allMet(report, .screen)
        let lineGrowth = RedrawBenchmark.growth(redraw).map(Format.growth) ?? ""
        let screenGrowth = ScreenBenchmark.growth(screen).map(Format.growth) ?? ""
        let lead =
            lines <= 1
            ? "A `Change` says what changed, so drawing it costs one row"
            : "A `Change` says what changed, so drawing it costs a few rows"
        return [
            "**\(lead)** (sections 2 and 8). In the line view an insert, delete or move writes at "
                + "most \(lines) \(lines == 1 ? "line" : "lines"), \(lineBytes) on average; from "
                + "\(Format.grouped(smallestList.movies)) movies to "
                + "\(Format.grouped(largestList.movies)) the largest mean grows \(lineGrowth)"
                + (redrawMet ? ", the positions gaining digits" : "") + " (target "
                + verdict(redrawMet) + "), while a full redraw of "
                + "\(Format.grouped(largestList.movies)) movies is "
                + "\(Format.bytes(largestList.fullRedrawBytes)). In the screen view an edit on a "
                + "visible row writes "
                + Prose.range(
                    screen.flatMap { [$0.insertBytes, $0.deleteBytes, $0.moveBytes] },
                    Format.meanBytes)
                + " (the row, the shifted rows' new position digits, the status and message "
                + "lines), " + Prose.range(screen.map(\.largestEditShare), Format.percent)
                + " of repainting the \(window.rows)×\(window.columns) window ("
                + Prose.range(screen.map { Double($0.fullRepaintBytes) }) { Format.bytes(Int($0)) }
                + ", what Ctrl-L, a resize or a reload writes), and an edit below the window "
                + Prose.range(screen.map(\.offScreenBytes), Format.meanBytes)
                + " (status and message only); a spinner frame is "
                + Prose.range(screen.map(\.spinnerBytes), Format.meanBytes)
                + ", one cell. From \(Format.grouped(window.movies)) movies to "
                + "\(Format.grouped(largestScreen.movies)) an edit's bytes grow \(screenGrowth) "
                + "(target \(verdict(screenMet))). Neither view diffs or re-reads the list: the "
                + "`Change` carries the movie and its positions."
        ]
    }

    /// Section 3: the stages of one typed command.
    private static func pipeline(_ report: BenchmarkReport) -> [String] {
        let result = report.pipeline
        let stages: [(name: String, share: Double)] = [
            ("the store", result.dispatchShare), ("parsing", result.parseShare),
            ("drawing", result.renderShare), ("the runner's glue and noise", result.otherShare),
        ]
        var text =
            "**Where a command's time goes** (section 3). At \(Format.grouped(result.movies)) "
            + "movies a typed command takes \(Format.duration(result.endToEndNanoseconds)) end to "
            + "end: " + Prose.list(stages.map { "\(Format.percent($0.share)) in \($0.name)" })
            + "."
        if let edit = report.dispatch.first(where: { $0.movies == result.movies }) {
            let most = edit.rawNanosecondsPerAction * 2 >= result.dispatchNanoseconds
            text +=
                " The bare array's edit alone takes \(Format.duration(edit.rawNanosecondsPerAction))"
                + " at this size (section 1), so "
                + (most
                    ? "most of the store's share is the array shift."
                    : "the array shift is less than half of the store's share.")
        }
        let ranked = stages.sorted { $0.share > $1.share }
        if ranked[0].name == stages[0].name {
            text += " After the store, \(ranked[1].name) costs the most"
            text +=
                ranked[1].name == stages[1].name
                ? ": the tokenizer walks the line's Unicode scalars and looks up each one's "
                    + "whitespace property."
                : "."
        } else {
            text += " Here \(ranked[0].name) costs more than the store."
        }
        return [text]
    }

    /// Section 4: loading a catalog against a bare decode, time and memory.
    private static func load(_ result: LoadBenchmark.Result) -> [String] {
        let lead =
            result.ratio < 1
            ? "Loading is reading, not decoding" : "Loading costs more than decoding"
        return [
            "**\(lead)** (section 4). The app reads the catalog with its own strict parser "
                + "(`JSONReader` under `MovieJSON`), which knows the three keys and reads the bytes "
                + "once, checking each movie as it goes. Fetching, reading, validating, reducing "
                + "and drawing \(Format.grouped(result.movies)) movies takes "
                + "\(Format.ratio(result.ratio)) times as long as a bare `Data(contentsOf:)` + "
                + "`JSONDecoder` of the same file (\(Format.duration(result.loadNanoseconds)) "
                + "against \(Format.duration(result.decodeNanoseconds)); target "
                + "\(Format.atMost(result.targetRatio)) \(verdict(result.meetsTarget))). Its peak "
                + "memory is "
                + Format.bytes(result.loadPeakResidentBytes - result.loadResidentBeforeBytes)
                + " above the process's resting size (\(Format.factor(result.loadPeakGrowthFactor))"
                + "× the decoded list), where the decoder alone needs "
                + Format.bytes(result.decodePeakResidentBytes - result.decodeResidentBeforeBytes)
                + " (\(Format.factor(result.decodePeakGrowthFactor))×)."
        ]
    }

    /// Section 5: undo and redo against the edits, and undoing a refresh.
    private static func undo(_ report: BenchmarkReport) -> [String] {
        let results = report.undo
        guard !results.isEmpty else { return [] }
        let targeted = results.filter { $0.meetsTarget != nil }
        let lead =
            targeted.allSatisfy({ $0.meetsTarget == true })
            ? "Undo costs what the edit cost" : "Undo is meant to cost what the edit cost"
        let refreshMet = allMet(report, .undoRefresh)
        return [
            "**\(lead)** (section 5). Undo restores nothing: it takes the newest `Change` from the "
                + "history, and `MoviesState.revert` applies its inverse (a delete for an insert, an "
                + "insert for a delete, the move back) through the same row reducer, so an undo "
                + "shifts the same elements its edit shifted, and a redo reverts the undo the same "
                + "way. Against the edit, undo and redo cost "
                + results.enumerated().map { offset, result in
                    "\(Format.ratio(result.undoRatio)) and \(Format.ratio(result.redoRatio)) at "
                        + Format.grouped(result.movies) + (offset == 0 ? " movies" : "")
                }.joined(separator: "; ") + ". "
                + targetSentence(
                    targeted.map { result in
                        Verdict(
                            place: Format.grouped(result.movies), met: result.meetsTarget == true,
                            bound: result.targetRatio.map(Format.atMost) ?? "",
                            missedBy: "\(Format.ratio(result.undoRatio)) and "
                                + "\(Format.ratio(result.redoRatio)) against "
                                + (result.targetRatio.map(Format.atMost) ?? ""))
                    }, unit: " movies")
                + " The bookkeeping of a step (popping one stack, checking that the movie at the "
                + "index is the one the `Change` names, pushing on the other) is a fixed cost, "
                + "which shows most where the edit is cheapest. Undoing a refresh swaps the "
                + "replaced list back in: "
                + Prose.range(results.map(\.reloadUndoNanoseconds), Format.duration)
                + " a step at every size, "
                + (UndoBenchmark.reloadGrowth(results).map(Format.growth) ?? "")
                + " from the smallest list to the largest (target \(verdict(refreshMet))), "
                + "because `.reloaded(replaced:)` kept the old list by reference, and swapping two "
                + "arrays does not look inside them."
        ]
    }

    /// Section 5's memory: a history of Changes against a history of snapshots.
    private static func history(_ report: BenchmarkReport) -> [String] {
        let results = report.undo
        guard let smallest = results.first, let largest = results.last else { return [] }
        let perEntry = results.compactMap(\.historyBytesPerEntry)
        let met = allMet(report, .history)
        let held: String
        if perEntry.count == results.count {
            held =
                "After \(Format.grouped(smallest.historyEntries)) edits the history holds "
                + Prose.range(perEntry, Format.meanBytes) + " per entry at every size (target "
                + "\(verdict(met))): the `Change` slot and the titles of deleted movies, which only "
                + "their entries keep alive."
        } else {
            held =
                "The history's bytes per entry are not measurable here: they need glibc's count of "
                + "the bytes in use."
        }
        let snapshots = results.compactMap { result in
            result.snapshotBytesPerEntry.map { (Format.bytes(Int($0)), result.movies) }
        }
        let control =
            snapshots.isEmpty
            ? "The control, a history that keeps a copy of the list before every action, "
                + "makes every action cost "
            : "The control, a history that keeps a copy of the list before every action, holds "
                + "the whole list per entry (" + Prose.atSizes(snapshots) + ") and makes every "
                + "action cost "
        let lead =
            met
            ? "A history entry is a `Change`, not a list."
            : "A history entry is meant to be a "
                + "`Change`, not a list."
        return [
            "**\(lead)** \(held) \(control)"
                + Prose.range(results.map(\.snapshotRatio), Format.factor)
                + " times the edit (\(Format.duration(largest.snapshotNanoseconds)) at "
                + "\(Format.grouped(largest.movies)) movies). So the history's memory grows with "
                + "the edits it keeps, never with the list. A refresh is the one entry that keeps a "
                + "list: the one it replaced, which no one else holds any more, so "
                + "`UndoHistory.maximumReloads` bounds how many of those it keeps."
        ]
    }

    /// Section 6: the state file's cost, and what group commit saves.
    private static func script(_ report: BenchmarkReport) -> [String] {
        let result = report.script
        let counted =
            result.binarySyncCalls.map {
                "with \(Format.perEdit($0, of: result.edits)) `fsync` calls, counted by "
                    + "`strace -c -f`"
            }
            ?? "with its `fsync` calls uncounted (no `strace` here; in process, below, they are)"
        return [
            "**Durability costs \(Format.ratio(result.ratio)) times the run without it** (section "
                + "6). Piping \(Format.grouped(result.edits)) edits into `movies --state` took "
                + "\(Format.ratio(result.ratio)) times as long as without (target "
                + "\(Format.atMost(result.targetRatio)) \(verdict(result.meetsTarget))), "
                + "\(counted). An edit's row is drawn only once its journal line is on disk, so an "
                + "`fsync` per edit would be the naive price; group commit makes it one per batch: "
                + "the input reader hands over every line it has already read, the session runs "
                + "them all, then commits them with one `fsync` before it waits for more input. "
                + "Compactions add their own: every \(Format.grouped(report.restore.journalBound)) "
                + "lines the journal is folded into a new snapshot (a temporary file's `fsync`, then "
                + "the directory's after the rename). The in-process rows time the session alone, "
                + "without process start-up: there the state file costs "
                + "\(Format.ratio(result.pipedRatio)) times the run without it when the lines come "
                + "through a `LineReader` as the binary reads them (a single run each way), and "
                + "\(Format.ratio(result.readyRatio)) with every line ready at once, with "
                + "\(Format.grouped(result.pipedSyncCalls)) and "
                + "\(Format.grouped(result.readySyncCalls)) `fsync` calls."
        ]
    }

    /// Section 7: restoring a state file against a bare decode of its bytes.
    private static func restore(_ report: BenchmarkReport) -> [String] {
        let result = report.restore
        guard let snapshot = result.files.first(where: { $0.journalLines == 0 }) else { return [] }
        var text =
            "**Restoring is reading, plus replaying the journal** (section 7). A state file that "
            + "is only a snapshot restores in \(Format.ratio(snapshot.ratio)) times what a bare "
            + "`JSONDecoder` needs to decode the same bytes (the same parser as the catalog, plus "
            + "the set of ids). Each journal line then costs about what its edit cost, because it "
            + "is replayed through the same reducer"
        if let edit = report.dispatch.first(where: { $0.movies == result.movies }) {
            text +=
                ": at \(Format.grouped(result.movies)) movies, an array shift of "
                + "\(Format.duration(edit.rawNanosecondsPerAction)) (section 1)"
        }
        let journals = result.files.filter { $0.journalLines > 0 }.map { file in
            let lines = "\(Format.grouped(file.journalLines)) lines"
            let place =
                file.journalLines == result.journalBound
                ? lines + ", the app's bound,"
                : file.journalLines > result.journalBound
                    ? lines + ", beyond what the app ever keeps," : lines
            return (place, Format.ratio(file.ratio))
        }
        if let (place, ratio) = journals.first {
            text +=
                ". A journal of \(place) brings a restore to \(ratio) times the bare decode"
                + journals.dropFirst().map { "; one of \($0.0) to \($0.1)" }.joined()
        }
        text +=
            ". "
            + targetSentence(
                result.files.compactMap { file in
                    result.meetsTarget(file).map { met in
                        Verdict(
                            place: file.journalLines == 0
                                ? "with no journal"
                                : "with \(Format.grouped(file.journalLines)) lines",
                            met: met, bound: Format.atMost(result.targetRatio),
                            missedBy: "\(Format.ratio(file.ratio)) against "
                                + Format.atMost(result.targetRatio))
                    }
                }, preposition: "")
        return [text]
    }

    /// Section 9: the derived list against filtering and diffing the whole list.
    private static func find(_ report: BenchmarkReport) -> [String] {
        let results = report.filter
        guard let largest = results.last else { return [] }
        var sizes: [Int] = []
        var percents: [Int] = []
        for result in results {
            if !sizes.contains(result.movies) { sizes.append(result.movies) }
            if !percents.contains(result.matchPercent) { percents.append(result.matchPercent) }
        }
        let atLargest = results.filter { $0.movies == largest.movies }
        let speedups = sizes.map { size in
            (Prose.range(results.filter { $0.movies == size }.map(\.speedup), Format.factor), size)
        }
        let targeted = results.filter { $0.meetsTarget != nil }
        let oneSize = Set(targeted.map(\.movies)) == [largest.movies]
        return [
            "**A filtered view follows the Changes too** (section 9). `find` shows the matches "
                + "through a derived list, `FilteredList`, which maps each `Change` of the store "
                + "into the matches' coordinates: a matching row appears, vanishes or moves there, "
                + "and a row that does not match changes nothing. The alternative, which ReSwift's "
                + "`select` and TCA's `scope` leave to the view, is to filter the whole list again "
                + "on every action and diff the new array with the last one: a pass over the list "
                + "against an update of one row. Filter-and-diff costs "
                + Prose.atSizes(speedups) + " times the derived list, over match rates of "
                + Prose.list(percents.map { "\($0)%" }) + ". At "
                + "\(Format.grouped(largest.movies)) movies the derived list costs "
                + Prose.range(atLargest.map(\.derivedRatio), Format.ratio)
                + " times the bare array edit, and the store with the find on "
                + "(`subscribe(filtered:)`) "
                + Prose.range(atLargest.map(\.storeRatio), Format.ratio) + ". "
                + targetSentence(
                    targeted.map { result in
                        let bounds = [
                            result.targetSpeedup.map { "refilter/derived " + Format.atLeast($0) },
                            result.targetRatio.map { "derived/raw " + Format.atMost($0) },
                        ]
                        return Verdict(
                            place: oneSize
                                ? "\(result.matchPercent)%"
                                : "\(result.matchPercent)% match at "
                                    + "\(Format.grouped(result.movies)) movies",
                            met: result.meetsTarget == true,
                            bound: bounds.compactMap { $0 }.joined(separator: " and "),
                            missedBy: "\(Format.factor(result.speedup)) and "
                                + Format.ratio(result.derivedRatio))
                    }, unit: oneSize ? " match at \(Format.grouped(largest.movies)) movies" : "")
        ]
    }

    /// Section 9's screen view: bytes per edit while a find is on, and turning it on.
    private static func findScreen(_ report: BenchmarkReport) -> [String] {
        let results = report.filterScreen
        guard let largest = results.last else { return [] }
        let growths = FilteredScreenBenchmark.growths(results)
        let atLargest = results.filter { $0.movies == largest.movies }
        var text =
            "In the screen view, an edit while `find` is on writes "
            + Prose.range(results.map(\.bytesPerEdit), Format.meanBytes) + " on average at every "
            + "size and match rate. It draws "
            + Prose.range(results.map(\.rowsDrawnPerEdit), Format.meanCount)
            + " list rows whole per edit and rewrites the position digits of "
            + Prose.range(results.map(\.rowsRenumberedPerEdit), Format.meanCount)
            + " rows: an edit of a hidden row rewrites at most the digits of the shown matches it moved."
        // Each match rate grows from the smallest list whose matches fill the window, which is
        // not the same list for every rate: the rates that share a span are named together.
        var spans: [(from: Int, to: Int, growths: [String])] = []
        for growth in growths {
            let item = "\(Format.growth(growth.factor)) at \(growth.matchPercent)%"
            let span = (growth.smallest.movies, growth.largest.movies)
            if let index = spans.firstIndex(where: { ($0.from, $0.to) == span }) {
                spans[index].growths.append(item)
            } else {
                spans.append((span.0, span.1, [item]))
            }
        }
        if !spans.isEmpty {
            text +=
                " The mean edit grows "
                + spans.map {
                    Prose.list($0.growths) + " match from \(Format.grouped($0.from)) movies to "
                        + Format.grouped($0.to)
                }.joined(separator: "; ")
                + " (target \(verdict(allMet(report, .findScreen))))."
        }
        text +=
            " Turning the find on searches every title (`TitleSearch`) and draws the window: "
            + Prose.range(atLargest.map(\.findOnNanoseconds), Format.duration) + " at "
            + "\(Format.grouped(largest.movies)) movies, where folding every title with Foundation "
            + "would take " + Prose.range(atLargest.map(\.findOnSpeedup), Format.factor)
            + " times as long."
        return [text]
    }

    /// Section 10: a follower in another process, its lag and its bytes per edit.
    private static func follow(_ report: BenchmarkReport) -> [String] {
        let results = report.follow
        guard let smallest = results.first, let largest = results.last else { return [] }
        let lagMet = results.allSatisfy(\.meetsTarget)
        let lead =
            lagMet
            ? "A second window shows each edit within milliseconds"
            : "A second window lags behind its owner"
        var text =
            "**\(lead)** (section 10). `movies --follow FILE` runs in a process of its own and reads "
            + "the journal the owning session writes: each line is a `Change`, which its store "
            + "applies through the reducer a restore uses and its views draw as the owner's do, so "
            + "nothing is diffed. Its row for an edit arrives "
            + Prose.range(results.map(\.lagMedianNanoseconds), Format.duration)
            + " after the owner's commit at the median and "
            + Prose.range(results.map(\.lagP99Nanoseconds), Format.duration)
            + " at the 99th percentile, over \(Format.grouped(smallest.edits)) edits at each of "
            + Prose.list(results.map { Format.grouped($0.movies) }) + " movies (the largest: "
            + Prose.range(results.map(\.lagMaxNanoseconds), Format.duration) + "). "
            + targetSentence(
                results.map { result in
                    Verdict(
                        place: Format.grouped(result.movies), met: result.meetsTarget,
                        bound: "p99 ≤ " + Format.duration(result.targetLagNanoseconds),
                        missedBy: Format.duration(result.lagP99Nanoseconds))
                }, unit: " movies")
        if let growth = FollowBenchmark.growth(results) {
            text +=
                " Its row takes " + Prose.range(results.map(\.lineBytesPerEdit), Format.meanBytes)
                + " per edit, and a screen view following the same file repaints an edit in "
                + Prose.range(results.map(\.screenBytesPerEdit), Format.meanBytes) + ", "
                + Prose.range(
                    results.map { $0.screenBytesPerEdit / Double(max($0.fullRepaintBytes, 1)) },
                    Format.percent)
                + " of a full repaint: from \(Format.grouped(smallest.movies)) movies to "
                + "\(Format.grouped(largest.movies)) the bytes grow \(Format.growth(growth.line)) "
                + "and \(Format.growth(growth.screen)) (target "
                + "\(verdict(allMet(report, .follow))))."
        }
        return [text]
    }

    /// Section 11: time travel against Redux DevTools' two ways, replaying and keeping states.
    private static func travel(_ result: TimeTravelBenchmark.Result) -> [String] {
        let edits = Format.grouped(result.edits)
        let movies = Format.grouped(result.movies)
        let middle = Format.grouped(result.edits / 2)
        let steps = Double(max(result.edits, 1))
        let lead =
            result.meetsWalkTarget
            ? "Walking the history costs one undo a step, wherever the step is"
            : "Walking the history is meant to cost one undo a step, wherever the step is"
        let walk =
            "**\(lead)** (section 11). After \(edits) edits of every kind (inserts, moves, "
            + "deletes, renames and ratings) at \(movies) movies, all kept by a history of "
            + "\(edits), `goto 0` takes the list back to before the first edit in one action, "
            + "reverting each edit's `Change` through the row reducer as an undo does: "
            + "\(Format.duration(result.start.gotoNanoseconds)). A `goto` back to edit "
            + "\(edits) brings them all back in \(Format.duration(result.end.gotoNanoseconds)). "
            + "Walking the history from the end to the start one edit at a time, a `goto` a step, "
            + "as a history panel the list follows does, takes "
            + "\(Format.duration(result.walkNanoseconds)) in all, "
            + "\(Format.duration(result.walkNanoseconds / steps)) a step. Redux DevTools has two "
            + "ways to an earlier state: replay every edit up to it from the initial state, or "
            + "keep a copy of each state (below). Here the replay is as cheap as it gets: the "
            + "initial list copied into a fresh store with no subscriber and no history, then the "
            + "edits sent again through the same in-place reducers, at "
            + "\(Format.duration(result.replayNanosecondsPerEdit)) an edit (reducers that return "
            + "a new list, as Redux's do, would add a copy of it per edit: section 1's control). "
            + "Reaching every point of the walk that way would take "
            + "\(Format.duration(result.replayWalkNanoseconds)), "
            + "\(Format.duration(result.replayWalkNanoseconds / steps)) a step: extrapolated from "
            + "the measured copy and cost per edit, not run. That is "
            + "\(Format.factor(result.walkRatio)) times the walk (target "
            + "\(Format.atLeast(result.targetWalkRatio)) \(verdict(result.meetsWalkTarget)))."
        let faster = result.start.ratio < 1 ? ": for that jump, replay is the faster" : ""
        let alike = [result.middle.ratio, result.end.ratio].allSatisfy { (0.5...2).contains($0) }
        var jumps =
            "**A single jump is another matter, and replay is not slow at it.** To the start, "
            + "replay replays nothing: the initial list, copied, is the state, in "
            + "\(Format.duration(result.start.replayNanoseconds)) against `goto 0`'s "
            + "\(Format.duration(result.start.gotoNanoseconds)) for undoing all \(edits) edits "
            + "(replay/goto \(Format.smallRatio(result.start.ratio)))\(faster). To the middle, "
            + "replay copies the list and replays \(middle) edits in "
            + "\(Format.duration(result.middle.replayNanoseconds)), and a `goto` there from the "
            + "end undoes the later half in \(Format.duration(result.middle.gotoNanoseconds)) "
            + "(replay/goto \(Format.smallRatio(result.middle.ratio))). From the start to the end, "
            + "replay's copy and all \(edits) edits take "
            + "\(Format.duration(result.end.replayNanoseconds)), and a `goto` back to edit "
            + "\(edits) redoes them in "
            + "\(Format.duration(result.end.gotoNanoseconds)) (replay/goto "
            + "\(Format.smallRatio(result.end.ratio)))."
        if alike {
            jumps +=
                " So one jump beyond the start costs about the same either way: what the edits it "
                + "crosses cost, plus replay's copy."
        }
        jumps +=
            " The walk is where the two part: each of its steps is one edit for `goto`, and for "
            + "replay every edit from the start to the point, again."
        return [walk, jumps, travelMemory(result)]
    }

    /// Section 11's memory: the history's bytes per edit at each N, against a copy per state.
    private static func travelMemory(_ result: TimeTravelBenchmark.Result) -> String {
        let edits = Format.grouped(result.edits)
        let movies = Format.grouped(result.movies)
        let perEdit = result.history.compactMap { size in
            size.bytesPerEdit.map { (Format.meanBytes($0), size.movies) }
        }
        guard perEdit.count == result.history.count, let spread = result.historySpread,
            let history = result.historyBytesPerEdit
        else {
            return "The history's bytes per edit are not measurable here: they need glibc's count "
                + "of the bytes in use."
        }
        let met = spread <= result.targetHistorySpread
        let lead =
            met
            ? "The history's memory grows with the edits, not with the list."
            : "The history's memory is meant to grow with the edits, not with the list."
        var text =
            "**\(lead)** After \(edits) edits it holds " + Prose.atSizes(perEdit) + " per edit, "
            + "the largest \(Format.growth(spread)) the smallest (target "
            + "\(Format.growth(result.targetHistorySpread)) at most, \(verdict(met))): an edit is "
            + "its action and its `Change` (a rename's or a rating's two movies in a box of their "
            + "own), and the titles only the history still holds, a deleted movie's or a renamed "
            + "movie's old one. At \(movies) movies that is "
            + "\(Format.bytes(Int(history * Double(result.edits)))) for all \(edits)."
        if let perCopy = result.copyBytesPerEdit {
            text +=
                " Keeping a copy of each state instead, DevTools' other way, which jumps without "
                + "replaying, holds a whole list per edit: \(Format.bytes(Int(perCopy))) at "
                + "\(movies) movies, measured with \(Format.grouped(result.copies)) copies, so "
                + "\(edits) edits would hold \(Format.bytes(Int(perCopy * Double(result.edits)))) "
                + "(extrapolated), \(Format.factor(perCopy / max(history, 1))) times the history."
        }
        return text
    }

    // MARK: - Judgements

    /// One target of a section: where it applies, whether it was met, its bound, and the figure
    /// that missed it.
    private struct Verdict {
        var place: String
        var met: Bool
        var bound: String
        var missedBy: String
    }

    /// "Target ≤ 1.2 met at 10,000 and 100,000 movies.", each bound where they differ, or where
    /// the target was missed and by what, then where it was met.
    ///
    /// `preposition` goes before the places ("at"), `unit` after them ("movies").
    private static func targetSentence(
        _ verdicts: [Verdict], preposition: String = "at ", unit: String = ""
    ) -> String {
        guard !verdicts.isEmpty else { return "" }
        let met = verdicts.filter(\.met)
        let missed = verdicts.filter { !$0.met }
        let metPlaces = preposition + Prose.list(met.map(\.place)) + unit
        guard !missed.isEmpty else {
            if Set(met.map(\.bound)).count == 1 {
                return "Target \(met[0].bound) met \(metPlaces)."
            }
            return "Targets met: "
                + Prose.list(met.map { "\($0.bound) \(preposition)\($0.place)" }) + unit + "."
        }
        return "Target missed " + preposition
            + Prose.list(missed.map { "\($0.place)\(unit) (\($0.missedBy))" })
            + (met.isEmpty ? "." : "; met \(metPlaces).")
    }

    /// "met" or "missed".
    private static func verdict(_ met: Bool) -> String {
        met ? "met" : "missed"
    }

    /// Whether every target of `topic` was met in this run (true when it has none).
    private static func allMet(_ report: BenchmarkReport, _ topic: TargetCheck.Topic) -> Bool {
        report.targets.filter { $0.topic == topic }.allSatisfy(\.met)
    }
}
