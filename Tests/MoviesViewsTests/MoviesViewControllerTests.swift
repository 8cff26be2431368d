// The view: the exact lines drawn for each Change, and that each redraw is one write of only the
// rows that changed.

import MoviesTestSupport
import Testing

@testable import MoviesCore
@testable import MoviesViews

@MainActor
@Suite("MoviesViewController", .hangGuard)
struct MoviesViewControllerTests {
    let output = RecordingOutput()
    let viewModel = MoviesViewModel(api: StubAPI())
    let view: MoviesViewController
    let state = MoviesState(movies: sampleMovies, fetchStatus: .loaded)

    init() {
        view = MoviesViewController(viewModel: viewModel, output: output)
    }

    /// A Change of each kind that draws one line, with that line.
    nonisolated static let oneLine: [(MoviesState.Change, String)] = [
        (
            MoviesState.Change.inserted(Movie(id: 4, title: "Up", year: 2009), at: 2),
            "+ 3. Up (2009)"
        ),
        (.deleted(Movie(id: 2, title: "Heat", year: 1995), at: 4), "- 5. Heat (1995)"),
        (
            .moved(Movie(id: 3, title: "Jaws", year: 1975), from: 1, to: 6),
            "↕ 2 → 7. Jaws (1975)"
        ),
        (
            .updated(
                at: 2, old: Movie(id: 3, title: "Citizen Kane", year: 1941),
                new: Movie(id: 3, title: "Citizen Kane (Director's Cut)", year: 1941)),
            "~ 3. Citizen Kane (Director's Cut) (1941)"
        ),
        (
            .updated(
                at: 2, old: Movie(id: 3, title: "Citizen Kane", year: 1941),
                new: Movie(id: 3, title: "Citizen Kane", year: 1941, rating: 4)),
            "~ 3. Citizen Kane (1941) ★★★★☆"
        ),
        (.fetch(.loading), "Loading movies…"),
        (.fetch(.loaded), "Loaded 3 movies."),
        (.fetch(.failed("offline")), "Could not load movies: offline — type refresh to retry"),
    ]

    /// Every kind of Change is drawn by one of these tests: a new kind needs its line here.
    @Test func everyKindOfChangeHasItsDrawingChecked() {
        let others: [MoviesState.Change] = [.none, .reloaded(replaced: [])]
        #expect(ChangeKind.missing(from: Self.oneLine.map(\.0) + others) == [])
    }

    @Test(arguments: oneLine)
    func drawsOneLinePerChange(change: MoviesState.Change, line: String) {
        view.render(change, in: state)
        #expect(output.writes.count == 1)
        #expect(output.lines() == [line])
    }

    @Test func drawsNothingForNoneOrIdle() {
        view.render(.none, in: state)
        view.render(.fetch(.idle), in: state)
        #expect(output.writes.isEmpty)
    }

    @Test(
        arguments: [
            (0, "Loaded 0 movies: the catalog is empty."), (1, "Loaded 1 movie."),
            (30, "Loaded 30 movies."),
        ] as [(Int, String)])
    func theLoadedLineCountsTheMovies(count: Int, line: String) {
        let movies = (0..<count).map { Movie(id: $0, title: "M", year: 2000) }
        view.render(.fetch(.loaded), in: MoviesState(movies: movies, fetchStatus: .loaded))
        #expect(output.lines() == [line])
    }

    @Test func reloadedDrawsTheWholeListInOneWrite() {
        view.render(.reloaded(replaced: []), in: state)
        #expect(output.writes.count == 1)
        #expect(output.lines() == ["  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)"])
    }

    @Test func anEmptyListSaysHowToAddOne() {
        view.showList([])
        #expect(output.lines() == [#"  (no movies; add one with: insert "TITLE" YEAR)"#])
    }

    @Test func titlesAreEscapedInEveryRow() {
        let hostile = Movie(id: 9, title: "A\u{1B}]0;x\u{07}B\rC", year: 2000)
        view.render(.inserted(hostile, at: 0), in: state)
        view.render(.deleted(hostile, at: 0), in: state)
        view.render(.moved(hostile, from: 0, to: 1), in: state)
        view.render(.updated(at: 1, old: hostile.titled("Up"), new: hostile), in: state)
        view.showList([hostile])
        let escaped = #"A\u{1B}]0;x\u{7}B\u{D}C"#
        let expected: [String] = [
            "+ 1. \(escaped) (2000)", "- 1. \(escaped) (2000)", "↕ 1 → 2. \(escaped) (2000)",
            "~ 2. \(escaped) (2000)", "  1. \(escaped) (2000)",
        ]
        #expect(output.lines() == expected)
    }

    // MARK: - find

    /// Twelve movies, so positions take two digits; `find` prints the matches where `list` has
    /// them, aligned as `list` aligns them, then the count.
    @Test func findPrintsTheMatchesAtTheirPositionsThenTheCount() {
        let movies = (1...12).map { Movie(id: $0, title: "Day \($0)", year: 1900 + $0) }
        var edited = movies
        edited[1].title = "The Night"
        edited[10].title = "Nightfall"
        view.showMatches(of: TitleSearch("NIGHT"), in: edited)
        #expect(output.writes.count == 1)
        #expect(
            output.lines() == [
                "   2. The Night (1902)", "  11. Nightfall (1911)",
                "2 of 12 movies match “NIGHT”",
            ])
    }

    @Test(
        arguments: [
            ("alien", ["  1. Alien (1979)", "1 of 3 movies matches “alien”"]),
            (
                "a",
                [
                    "  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)",
                    "3 of 3 movies match “a”",
                ]
            ),
            ("Psycho", ["No movie matches “Psycho” (3 movies)"]),
        ] as [(String, [String])])
    func findSaysHowManyMatched(text: String, lines: [String]) {
        view.showMatches(of: TitleSearch(text), in: sampleMovies)
        #expect(output.lines() == lines)
    }

    @Test func findInAnEmptyListSaysNoMovieMatches() {
        view.showMatches(of: TitleSearch("x"), in: [])
        #expect(output.lines() == ["No movie matches “x” (0 movies)"])
    }

    /// Matching rows are drawn as every row is, escaped; so is the text the count line quotes.
    @Test func findEscapesTitlesAndTheText() {
        let hostile = [
            Movie(id: 1, title: "A\u{1B}]0;x\u{07}B", year: 2000),
            Movie(id: 2, title: "Plain", year: 2001),
        ]
        view.showMatches(of: TitleSearch("a\u{1B}]"), in: hostile)
        #expect(
            output.lines() == [
                #"  1. A\u{1B}]0;x\u{7}B (2000)"#, #"1 of 2 movies matches “a\u{1B}]”"#,
            ])
    }

    /// Under `--quiet`, find prints as `list` does: the user asked for it.
    @Test func findPrintsUnderQuiet() {
        let quiet = RecordingOutput()
        let quietView = MoviesViewController(viewModel: viewModel, output: quiet, quiet: true)
        quietView.showMatches(of: TitleSearch("heat"), in: sampleMovies)
        #expect(quiet.lines() == ["  2. Heat (1995)", "1 of 3 movies matches “heat”"])
    }

    @Test func theLineViewHasNoFindToClear() {
        #expect(!view.clearFind())
        #expect(output.writes.isEmpty)
    }

    @Test func theFailureReasonIsEscaped() {
        view.render(.fetch(.failed("bad\u{1B}[31m")), in: state)
        #expect(
            output.lines() == [#"Could not load movies: bad\u{1B}[31m — type refresh to retry"#])
    }

    /// A reason the catalog escaped already (a name's byte that is not UTF-8 as `\x{FF}`) is
    /// shown as it is, not escaped a second time into `\\x{FF}`; on stderr with `--quiet` too.
    @Test func aReasonEscapedWhereItWasMadeIsShownOnce() {
        let reason = #"r\x{FF}: no such file"#
        view.render(.fetch(.failed(reason)), in: state)
        let quiet = RecordingOutput()
        let quietView = MoviesViewController(viewModel: viewModel, output: quiet, quiet: true)
        quietView.render(.fetch(.failed(reason)), in: state)
        let line = #"Could not load movies: r\x{FF}: no such file — type refresh to retry"#
        #expect(output.lines() == [line])
        #expect(quiet.lines(.error) == [line])
    }

    @Test func itDrawsWhatTheStoreEmitsUntilDetached() async throws {
        viewModel.refresh()
        await viewModel.settleFetch()
        try viewModel.delete(at: 0)
        view.detach()
        try viewModel.delete(at: 0)
        #expect(
            output.lines() == [
                "Loading movies…", "  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)",
                "Loaded 3 movies.", "- 1. Alien (1979)",
            ])
    }
}
