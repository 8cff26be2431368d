// docs/PERFORMANCE.md as the benchmark writes it: the run's table whole, the commit it names, and
// prose that quotes only figures the table printed, with its verdicts following the figures.

import Foundation
import Testing

@testable import movies_bench

@Suite("Performance page")
struct PerformancePageTests {
    @Test func thePageHoldsTheTableVerbatimAndNamesTheCommit() {
        let report = SampleReport.make()
        let page = PerformancePage.render(report, commit: "26877b7")
        #expect(page.contains("```text\n" + ReportTable.render(report) + "```\n"))
        #expect(page.contains("at commit `26877b7`"))
        #expect(page.hasPrefix("# Performance\n"))
    }

    /// Every number in the prose must appear in the table the page quotes: a figure typed into
    /// the prose by hand, or formatted otherwise than the table formats it, fails here.
    @Test(arguments: [1.93, 1.4])
    func everyNumberInTheProseIsOneTheTablePrinted(smallestDispatchRatio: Double) {
        let report = SampleReport.make(smallestDispatchRatio: smallestDispatchRatio)
        let prose = Self.figuresSection(PerformancePage.render(report, commit: "26877b7"))
        let printed = Set(Self.numbers(in: ReportTable.render(report)))
        let quoted = Self.numbers(in: prose)
        #expect(quoted.count > 100)
        #expect(quoted.filter { !printed.contains($0) } == [])
    }

    @Test func aMissedTargetIsSaidToBeMissed() {
        let page = Self.unwrapped(
            PerformancePage.render(
                SampleReport.make(smallestDispatchRatio: 1.93), commit: "26877b7"))
        let prose = Self.figuresSection(page)
        #expect(
            prose.contains("Target missed at 1,000 movies (1.93 against ≤ 1.5); met at 10,000 and"))
        #expect(page.contains("This run missed dispatch N=1,000 (store/raw ≤ 1.5, no copy: 1.93,"))
    }

    @Test func aMissedLoadTargetChangesTheVerdictAndTheLead() {
        let met = Self.figuresSection(
            Self.unwrapped(
                PerformancePage.render(SampleReport.make(loadRatio: 0.18), commit: "26877b7")))
        let missed = Self.figuresSection(
            Self.unwrapped(
                PerformancePage.render(SampleReport.make(loadRatio: 1.50), commit: "26877b7")))
        #expect(met.contains("**Loading is reading, not decoding** (section 4)."))
        #expect(met.contains("(43.58 ms against 257.3 ms; target ≤ 1.2 met)"))
        #expect(missed.contains("**Loading costs more than decoding** (section 4)."))
        #expect(missed.contains("takes 1.50 times as long as a bare"))
        #expect(missed.contains("(43.58 ms against 257.3 ms; target ≤ 1.2 missed)"))
    }

    /// Each match rate's growth is named with the sizes it was measured between.
    @Test func theFilteredScreensGrowthNamesTheSizesOfEachRate() {
        let prose = Self.figuresSection(
            Self.unwrapped(PerformancePage.render(SampleReport.make(), commit: "26877b7")))
        #expect(
            prose.contains(
                "The mean edit grows ×1.05 at 1% match from 10,000 movies to 100,000; ×1.10 at 10% "
                    + "and ×1.13 at 100% match from 1,000 movies to 100,000 (target met)."))
    }

    /// Section 10 quotes the follower's lag and its bytes per edit from the table, and its lead
    /// follows the lag's target.
    @Test func theFollowSectionQuotesTheLagAndTheBytesAndItsVerdict() {
        let met = Self.figuresSection(
            Self.unwrapped(PerformancePage.render(SampleReport.make(), commit: "26877b7")))
        #expect(
            met.contains("**A second window shows each edit within milliseconds** (section 10)."))
        #expect(
            met.contains(
                "Its row for an edit arrives 8.20 µs to 61.67 µs after the owner's commit at the "
                    + "median and 146.2 µs to 558.8 µs at the 99th percentile"))
        #expect(met.contains("Target p99 ≤ 100.0 ms met at 1,000, 10,000 and 100,000 movies."))
        #expect(met.contains("the bytes grow ×1.00 and ×1.12 (target met)"))
        let missed = Self.figuresSection(
            Self.unwrapped(
                PerformancePage.render(
                    SampleReport.make(largestFollowLag: 140_000_000), commit: "26877b7")))
        #expect(missed.contains("**A second window lags behind its owner** (section 10)."))
        #expect(
            missed.contains(
                "Target missed at 100,000 movies (140.0 ms); met at 1,000 and 10,000 movies."))
    }

    /// Section 11 sets the walk against its replay, which it says is extrapolated, says that
    /// replay is the faster for one jump to the start, and sets the history's bytes per edit at
    /// each size against a copy of each state.
    @Test func theTimeTravelSectionComparesTheWalkAndIsHonestAboutOneJump() {
        let prose = Self.figuresSection(
            Self.unwrapped(PerformancePage.render(SampleReport.make(), commit: "26877b7")))
        #expect(
            prose.contains(
                "**Walking the history costs one undo a step, wherever the step is** (section 11).")
        )
        #expect(prose.contains("takes 1.10 s in all, 109.6 µs a step."))
        #expect(
            prose.contains(
                "Reaching every point of the walk that way would take 74.2 min, 445.0 ms a step: "
                    + "extrapolated from the measured copy and cost per edit, not run. That is "
                    + "3,973 times the walk (target ≥ 100 met)."))
        #expect(
            prose.contains(
                "the initial list, copied, is the state, in 1.01 ms against `goto 0`'s 951.6 ms "
                    + "for undoing all 10,000 edits (replay/goto 0.0010): for that jump, replay is "
                    + "the faster."))
        #expect(prose.contains("So one jump beyond the start costs about the same either way"))
        #expect(
            prose.contains(
                "**The history's memory grows with the edits, not with the list.** After 10,000 "
                    + "edits it holds 246.6 B at 1,000 movies, 247.1 B at 10,000 and 245.2 B at "
                    + "100,000 per edit, the largest ×1.01 the smallest (target ×1.05 at most, met)"
            ))
        #expect(
            prose.contains(
                "4.93 MiB at 100,000 movies, measured with 13 copies, so 10,000 edits would hold "
                    + "48.14 GiB (extrapolated), 21,081 times the history."))
    }

    /// A walk less than 100 times faster than its replay, or a history whose bytes per edit
    /// differ by more than ×1.05 across the sizes, is said to miss its target.
    @Test func missedTimeTravelTargetsAreSaidToBeMissed() {
        let page = Self.unwrapped(
            PerformancePage.render(
                SampleReport.make(travelWalkRatio: 80, largestTravelHistoryBytes: 300),
                commit: "26877b7"))
        let prose = Self.figuresSection(page)
        #expect(prose.contains("**Walking the history is meant to cost one undo a step"))
        #expect(prose.contains("That is 80.0 times the walk (target ≥ 100 missed)."))
        #expect(
            prose.contains(
                "**The history's memory is meant to grow with the edits, not with the list.**"))
        #expect(prose.contains("the largest ×1.22 the smallest (target ×1.05 at most, missed)"))
        #expect(page.contains("time travel N=100,000 (walk: replay/goto ≥ 100: 80.0)"))
        #expect(
            page.contains(
                "time travel N=1,000→100,000 (history bytes/edit ≤ ×1.05 across N: "
                    + "246.6–300.0 B, ×1.22)"))
    }

    /// The time-travel section's figures are in the table, the extrapolated one marked, and in
    /// the JSON, as a tool reads them.
    @Test func theTimeTravelFiguresAreInTheTableAndTheJSON() throws {
        let report = SampleReport.make()
        let table = ReportTable.render(report)
        #expect(
            table.contains(
                "   walk 10,000 → 0, a goto per edit       1.10 s (1.34 s)              74.2 min *"
                    + "        3,973\n"))
        #expect(table.contains("   * extrapolated, not run: for each point from 9,999 down to 0"))
        #expect(table.contains("   time travel N=100,000        walk: replay/goto ≥ 100 "))

        let json = try #require(report.json().data(using: .utf8))
        let travel = try JSONDecoder().decode(Travel.self, from: json).travel
        #expect(travel.walkRatio == 3_973)
        #expect(travel.replayWalkNanoseconds == 4_449_700_000_000)
        #expect(travel.history.map(\.movies) == [1_000, 10_000, 100_000])
        #expect(travel.history.map(\.bytesPerEdit) == [246.6, 247.1, 245.2])
    }

    /// The time-travel entry of the report's JSON, as a tool reads it.
    private struct Travel: Decodable {
        struct Size: Decodable {
            var movies: Int
            var bytesPerEdit: Double
        }
        struct Section: Decodable {
            var walkRatio: Double
            var replayWalkNanoseconds: Double
            var history: [Size]
        }
        var travel: Section
    }

    /// The middleware row is in the table, in the JSON (with `n` and `ratio`) and in the prose,
    /// whose lead and verdict follow the ratio.
    @Test(arguments: [(1.78, true), (2.40, false)])
    func theMiddlewareRowIsPrintedEverywhere(ratio: Double, met: Bool) throws {
        let report = SampleReport.make(middlewareRatio: ratio)
        let figure = Format.ratio(ratio)
        let table = ReportTable.render(report)
        #expect(table.contains("301.2 ns (322.9 ns)"))
        #expect(table.contains("   middleware N=1,000           store+middleware/raw ≤ 2 "))

        let json = try #require(report.json().data(using: .utf8))
        let middleware = try JSONDecoder().decode(Middleware.self, from: json).middleware
        #expect(middleware.n == 1_000)
        #expect(middleware.ratio == ratio)

        let prose = Self.figuresSection(
            Self.unwrapped(PerformancePage.render(report, commit: "26877b7")))
        let lead = met ? "Watching the store costs little" : "Watching the store costs more"
        #expect(prose.contains("**\(lead)"))
        #expect(prose.contains("the store costs \(figure) times the bare edit at 1,000 movies"))
        #expect(prose.contains("Target ≤ 2 \(met ? "met" : "missed") at 1,000 movies."))
    }

    /// The middleware's entry of the report's JSON, as a tool reads it.
    private struct Middleware: Decodable {
        struct Row: Decodable {
            var n: Int
            var ratio: Double
        }
        var middleware: Row
    }

    @Test func metTargetsAreSaidToBeMet() {
        let page = Self.unwrapped(
            PerformancePage.render(SampleReport.make(smallestDispatchRatio: 1.4), commit: "26877b7")
        )
        let prose = Self.figuresSection(page)
        #expect(prose.contains("Targets met: ≤ 1.5 at 1,000, ≤ 1.1 at 10,000 and ≤ 1.1 at 100,000"))
        #expect(!prose.contains("missed"))
        #expect(page.contains("This run met every one."))
    }

    /// The page's prose is wrapped at 100 columns like the other docs, and no code span or link
    /// is broken across lines.
    @Test func theProseIsWrappedAt100Columns() {
        let page = PerformancePage.render(SampleReport.make(), commit: "26877b7")
        var inCode = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inCode.toggle()
                continue
            }
            guard !inCode else { continue }
            #expect(line.count <= 100, "\(line)")
            #expect(line.filter { $0 == "`" }.count % 2 == 0, "\(line)")
        }
    }

    /// `page` with each paragraph on one line, as a reader reads it.
    static func unwrapped(_ page: String) -> String {
        page.split(separator: "\n\n", omittingEmptySubsequences: false)
            .map { $0.split(separator: "\n").joined(separator: " ") }
            .joined(separator: "\n\n")
    }

    /// The section of the page whose prose quotes the run: from its heading to the next one.
    static func figuresSection(_ page: String) -> String {
        guard let start = page.firstRange(of: PerformancePage.figuresHeading + "\n") else {
            return ""
        }
        let rest = page[start.upperBound...]
        let end = rest.firstRange(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    /// The numbers in `text` as written: digits with the commas and decimal points inside them
    /// ("1,000", "1.93", "0.0045"), so "1.9" does not pass for "1.93".
    static func numbers(in text: String) -> [String] {
        var numbers: [String] = []
        var current = ""
        for character in text + " " {
            if character.isASCII && character.isNumber {
                current.append(character)
            } else if (character == "," || character == ".") && !current.isEmpty {
                current.append(character)
            } else if !current.isEmpty {
                while current.last == "," || current.last == "." { current.removeLast() }
                numbers.append(current)
                current = ""
            }
        }
        return numbers
    }
}
