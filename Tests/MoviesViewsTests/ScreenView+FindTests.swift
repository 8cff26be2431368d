// The screen view's live filter against a terminal model: after `find`, every edit is checked by
// the grid a person would see (only the matches, at their real positions) and by what was written
// for it: an edit of a match writes that row, an edit of a movie that does not match writes no
// list row but the position digits that moved, exactly. A seeded property check compares the grid
// after every step (edits, undo, redo, refresh, scrolling, finds turned on and off) with a fresh
// drawing of the matches.

import MoviesTestSupport
import Testing

@testable import MoviesCore
@testable import MoviesViews
@testable import TerminalIO

@MainActor
@Suite("ScreenView, find", .hangGuard)
struct ScreenViewFindTests {
    typealias Fixture = ScreenViewTests.Fixture

    /// `count` movies; every third is called "Night N", the others "Day N", N from 1, in the
    /// year 1900 + N.
    static func nightsAndDays(_ count: Int) -> [Movie] {
        (1...count).map {
            Movie(id: $0, title: $0 % 3 == 0 ? "Night \($0)" : "Day \($0)", year: 1900 + $0)
        }
    }

    /// A screen of 10 rows (7 of them the list's) and 80 columns on `nightsAndDays(32)`, with
    /// `find NIGHT` on, and the damage and writes of turning it on forgotten.
    static func findingNights(_ movies: [Movie] = nightsAndDays(32)) -> Fixture {
        let fixture = Fixture(movies: movies, columns: 80)
        fixture.view.showMatches(of: TitleSearch("NIGHT"), in: fixture.viewModel.state.movies)
        fixture.terminal.forget()
        return fixture
    }

    /// A row as the view draws it for a list of 10 to 99 movies.
    static func row(_ position: Int, _ title: String, _ year: Int) -> String {
        let number = String(position)
        return String(repeating: " ", count: 3 - number.count) + number + ". \(title) (\(year))"
    }

    /// The status line while `find NIGHT` is on.
    static func status(_ matches: Int, of count: Int) -> String {
        "\(matches) of \(count) movies match “NIGHT” · loaded"
    }

    /// Escape sequences, written out for comparing writes.
    static let save = "\u{1B}7"
    static let restore = "\u{1B}8"
    static func at(_ row: Int) -> String { "\u{1B}[\(row);1H" }
    static let erase = "\u{1B}[2K"

    /// A find text too long for the status line is cut there, never the count or the state.
    ///
    /// It is cut with `…`, by display width, in every state: loaded, loading, a failure and its
    /// reason.
    /// The message line keeps its hint the same way.
    @Test(
        arguments: [
            (FetchStatus.loaded, " · loaded"),
            (FetchStatus.loading, "⠋ Loading movies… (No movie matches “"),
            (FetchStatus.failed("offline"), " · could not load: offline — type refresh"),
        ] as [(FetchStatus, String)])
    func aLongFindTextIsCutOnTheStatusLineNeverTheState(status: FetchStatus, kept: String) {
        let fixture = Fixture(movies: Self.nightsAndDays(32), columns: 80, status: status)
        let text = "night " + String(repeating: "ｗｉｄｅ ", count: 12)
        fixture.view.showMatches(of: TitleSearch(text), in: fixture.viewModel.state.movies)
        let statusRow = fixture.lines[7]
        #expect(statusRow.contains(kept), "\(statusRow)")
        #expect(
            statusRow.contains("“night") && statusRow.contains("…” (32 movies)"), "\(statusRow)")
        #expect(DisplayWidth.atMost(statusRow) <= 80, "\(statusRow)")
        if status == .loading {
            #expect(statusRow.hasSuffix(")"), "\(statusRow)")
        }
        let message = fixture.lines[8]
        #expect(message.hasSuffix("…” (32 movies); find alone shows every movie."), "\(message)")
    }

    @Test func findShowsOnlyTheMatchesAtTheirPositions() {
        let fixture = Fixture(movies: Self.nightsAndDays(32), columns: 80)
        fixture.terminal.forget()
        fixture.view.showMatches(of: TitleSearch("NIGHT"), in: fixture.viewModel.state.movies)
        #expect(
            fixture.lines == [
                Self.row(3, "Night 3", 1903), Self.row(6, "Night 6", 1906),
                Self.row(9, "Night 9", 1909), Self.row(12, "Night 12", 1912),
                Self.row(15, "Night 15", 1915), Self.row(18, "Night 18", 1918),
                Self.row(21, "Night 21", 1921), Self.status(10, of: 32),
                "10 of 32 movies match “NIGHT”; find alone shows every movie.", "movies>",
            ])
        #expect(fixture.terminal.writes.count == 1, "the rows, message and status in one write")
        #expect(fixture.terminal.screen.touchedRows.isSuperset(of: 0..<9))
        #expect(fixture.terminal.screen.unknownSequences.isEmpty)
    }

    @Test func noMatchLeavesTheListEmptyAndSaysSo() {
        let fixture = Fixture(movies: Self.nightsAndDays(5), columns: 80)
        fixture.view.showMatches(of: TitleSearch("dusk"), in: fixture.viewModel.state.movies)
        #expect(fixture.lines.prefix(7).allSatisfy { $0.isEmpty })
        #expect(fixture.lines[7] == "No movie matches “dusk” (5 movies) · loaded")
        #expect(
            fixture.lines[8] == "No movie matches “dusk” (5 movies); find alone shows every movie.")
    }

    /// A movie that does not match, deleted before every match: no row is drawn, and each shown
    /// row gets its new position digits, in one pass down the rows.
    @Test func deletingAHiddenMovieRewritesOnlyTheDigitsThatMoved() throws {
        let fixture = Self.findingNights()
        try fixture.viewModel.delete(at: 0)
        #expect(
            Array(fixture.lines.prefix(7)) == [
                Self.row(2, "Night 3", 1903), Self.row(5, "Night 6", 1906),
                Self.row(8, "Night 9", 1909), Self.row(11, "Night 12", 1912),
                Self.row(14, "Night 15", 1915), Self.row(17, "Night 18", 1918),
                Self.row(20, "Night 21", 1921),
            ])
        #expect(fixture.lines[7] == Self.status(10, of: 31))
        #expect(fixture.lines[8] == "Deleted “Day 1 (1901)” from 1, hidden by find.")
        let digits = ["  2", "  5", "  8", " 11", " 14", " 17", " 20"].joined(separator: "\r\n")
        #expect(
            fixture.terminal.writes == [
                Self.save + Self.at(1) + digits + Self.at(9) + Self.erase
                    + "Deleted “Day 1 (1901)” from 1, hidden by find." + Self.restore,
                Self.save + Self.at(8) + Self.erase + Self.status(10, of: 31) + Self.restore,
            ])
        let screen = fixture.terminal.screen
        #expect(screen.shiftedRows.isEmpty)
        for row in 0..<7 {
            #expect(screen.touchedColumns(row: row) == 0..<3, "row \(row): its digits only")
        }
    }

    /// A movie that does not match, moved after the last match: the list region is not written
    /// at all, only the message (the count, and so the status line, stays).
    @Test func movingAHiddenMoviePastNoMatchWritesNoListRow() throws {
        let fixture = Self.findingNights()
        try fixture.viewModel.move(from: 31, to: 30)
        #expect(
            fixture.terminal.writes == [
                Self.save + Self.at(9) + Self.erase
                    + "Moved “Day 32 (1932)” from 32 to 31, hidden by find." + Self.restore
            ])
        #expect(fixture.terminal.screen.touchedRows == [8])
    }

    /// A hidden movie moved from before the matches on screen to after some of them: the matches
    /// it passed move up one position, and only their digits are written.
    @Test func movingAHiddenMovieRenumbersTheMatchesItPassed() throws {
        let fixture = Self.findingNights()
        try fixture.viewModel.move(from: 0, to: 9)
        #expect(
            Array(fixture.lines.prefix(4)) == [
                Self.row(2, "Night 3", 1903), Self.row(5, "Night 6", 1906),
                Self.row(8, "Night 9", 1909), Self.row(12, "Night 12", 1912),
            ])
        #expect(fixture.lines[8] == "Moved “Day 1 (1901)” from 1 to 10, hidden by find.")
        let screen = fixture.terminal.screen
        #expect(screen.touchedRows == [0, 1, 2, 8])
        for row in 0..<3 {
            #expect(screen.touchedColumns(row: row) == 0..<3, "row \(row): its digits only")
        }
    }

    /// A match moved past no other match keeps its row: its digits are the only list cells
    /// written.
    @Test func movingAMatchPastNoMatchRewritesItsDigitsOnly() throws {
        let fixture = Self.findingNights()
        try fixture.viewModel.move(from: 5, to: 4)
        #expect(fixture.lines[1] == Self.row(5, "Night 6", 1906))
        #expect(
            fixture.terminal.writes == [
                Self.save + Self.at(2) + "  5" + Self.at(9) + Self.erase
                    + "Moved “Night 6 (1906)” from 6 to 5." + Self.restore
            ])
    }

    @Test func anInsertedMatchAppearsInOrderAndTheRowsBelowOnlyShift() throws {
        let fixture = Self.findingNights()
        try fixture.viewModel.insert(title: "Night Owl", year: 1999, at: 3)
        #expect(
            Array(fixture.lines.prefix(7)) == [
                Self.row(3, "Night 3", 1903), Self.row(4, "Night Owl", 1999),
                Self.row(7, "Night 6", 1906), Self.row(10, "Night 9", 1909),
                Self.row(13, "Night 12", 1912), Self.row(16, "Night 15", 1915),
                Self.row(19, "Night 18", 1918),
            ])
        #expect(fixture.lines[7] == Self.status(11, of: 33))
        #expect(fixture.lines[8] == "Inserted “Night Owl (1999)” at 4.")
        let screen = fixture.terminal.screen
        #expect(screen.shiftedRows == Set(2...6))
        #expect(screen.touchedColumns(row: 0) == 0..<0, "the row above is not written")
        #expect(screen.touchedColumns(row: 1) == 0..<80, "the new row, whole")
        for row in 2...6 {
            #expect(screen.touchedColumns(row: row) == 0..<3, "row \(row): its digits only")
        }
    }

    @Test func aDeletedMatchPullsTheNextMatchIntoTheLastRow() throws {
        let fixture = Self.findingNights()
        try fixture.viewModel.delete(at: 5)
        #expect(
            Array(fixture.lines.prefix(7)) == [
                Self.row(3, "Night 3", 1903), Self.row(8, "Night 9", 1909),
                Self.row(11, "Night 12", 1912), Self.row(14, "Night 15", 1915),
                Self.row(17, "Night 18", 1918), Self.row(20, "Night 21", 1921),
                Self.row(23, "Night 24", 1924),
            ])
        #expect(fixture.lines[8] == "Deleted “Night 6 (1906)” from 6.")
        let screen = fixture.terminal.screen
        #expect(screen.shiftedRows == Set(1...5))
        #expect(screen.touchedColumns(row: 0) == 0..<0)
        #expect(screen.touchedColumns(row: 6) == 0..<80, "the match that came into view, whole")
    }

    @Test func aRenamedMatchIsRewrittenInPlace() throws {
        let fixture = Self.findingNights()
        try fixture.viewModel.rename(at: 5, to: "Night Six")
        #expect(fixture.lines[1] == Self.row(6, "Night Six", 1906))
        #expect(fixture.lines[8] == "Changed “Night 6 (1906)” to “Night Six (1906)” at 6.")
        let screen = fixture.terminal.screen
        #expect(screen.touchedRows == [1, 8], "its row and the message; the count is the same")
        #expect(screen.shiftedRows.isEmpty)
        expectMatchesDrawn(fixture, TitleSearch("NIGHT"))
    }

    @Test func aMovieRenamedIntoTheFindAppearsAndNoDigitMoves() throws {
        let fixture = Self.findingNights()
        try fixture.viewModel.rename(at: 3, to: "Night Four")
        #expect(
            Array(fixture.lines.prefix(3)) == [
                Self.row(3, "Night 3", 1903), Self.row(4, "Night Four", 1904),
                Self.row(6, "Night 6", 1906),
            ])
        #expect(fixture.lines[7] == Self.status(11, of: 32))
        #expect(fixture.lines[8] == "Changed “Day 4 (1904)” to “Night Four (1904)” at 4.")
        let screen = fixture.terminal.screen
        #expect(screen.shiftedRows == Set(2...6))
        #expect(screen.touchedColumns(row: 1) == 0..<80, "the new row, whole")
        for row in 2...6 {
            #expect(screen.touchedColumns(row: row) == 0..<0, "row \(row): shifted, not written")
        }
        expectMatchesDrawn(fixture, TitleSearch("NIGHT"))
    }

    @Test func aMatchRenamedOutOfTheFindVanishesAndNoDigitMoves() throws {
        let fixture = Self.findingNights()
        try fixture.viewModel.rename(at: 5, to: "Day Six")
        #expect(
            Array(fixture.lines.prefix(2)) == [
                Self.row(3, "Night 3", 1903), Self.row(9, "Night 9", 1909),
            ])
        #expect(fixture.lines[7] == Self.status(9, of: 32))
        #expect(
            fixture.lines[8] == "Changed “Night 6 (1906)” to “Day Six (1906)” at 6, hidden by find."
        )
        let screen = fixture.terminal.screen
        #expect(screen.shiftedRows == Set(1...5))
        for row in 1...5 {
            #expect(screen.touchedColumns(row: row) == 0..<0, "row \(row): shifted, not written")
        }
        #expect(screen.touchedColumns(row: 6) == 0..<80, "the match that came into view, whole")
        expectMatchesDrawn(fixture, TitleSearch("NIGHT"))
    }

    @Test func aHiddenMovieRenamedHiddenWritesNoListRow() throws {
        let fixture = Self.findingNights()
        try fixture.viewModel.rename(at: 0, to: "Dawn 1")
        #expect(
            fixture.terminal.writes == [
                Self.save + Self.at(9) + Self.erase
                    + "Changed “Day 1 (1901)” to “Dawn 1 (1901)” at 1, hidden by find."
                    + Self.restore
            ])
    }

    @Test func aMatchBelowTheViewChangesNoListRow() throws {
        let fixture = Self.findingNights()
        try fixture.viewModel.delete(at: 29)
        #expect(fixture.lines[8] == "Deleted “Night 30 (1930)” from 30, below the view.")
        #expect(fixture.lines[7] == Self.status(9, of: 31))
        #expect(fixture.terminal.screen.touchedRows == [7, 8])
    }

    @Test func aMatchAboveTheViewKeepsTheSameMatchesInViewAndRenumbersThem() throws {
        let fixture = Self.findingNights()
        fixture.view.scroll(pages: 1)
        #expect(fixture.lines[0] == Self.row(12, "Night 12", 1912))
        #expect(fixture.lines[8] == "Showing matches 4–10 of 10.")
        fixture.terminal.forget()
        try fixture.viewModel.insert(title: "Night Owl", year: 1999, at: 0)
        #expect(fixture.lines[0] == Self.row(13, "Night 12", 1912))
        #expect(fixture.lines[8] == "Inserted “Night Owl (1999)” at 1, above the view.")
        for row in 0..<7 {
            #expect(fixture.terminal.screen.touchedColumns(row: row) == 0..<3)
        }
        expectMatchesDrawn(fixture, TitleSearch("NIGHT"))
    }

    @Test func findAloneShowsEveryMovieKeepingTheFirstShownOneOnTop() {
        let fixture = Self.findingNights()
        fixture.view.scroll(pages: 1)
        #expect(fixture.view.clearFind())
        #expect(fixture.view.find == nil)
        #expect(fixture.lines[0] == Self.row(12, "Night 12", 1912))
        #expect(fixture.lines[1] == Self.row(13, "Day 13", 1913))
        #expect(fixture.lines[7] == "32 movies · loaded")
        #expect(fixture.lines[8] == "Showing every movie (32 movies).")
    }

    @Test func findAloneWithNoFindSaysEveryMovieIsShown() {
        let fixture = Fixture(movies: Self.nightsAndDays(5), columns: 80)
        fixture.terminal.forget()
        #expect(fixture.view.clearFind())
        #expect(
            fixture.lines[8] == "Every movie is shown; find TEXT shows only those that match it.")
        #expect(fixture.terminal.screen.touchedRows == [8])
    }

    @Test func listSaysTheMatchesAreOnScreen() {
        let fixture = Self.findingNights()
        fixture.view.showList(fixture.viewModel.state.movies)
        #expect(
            fixture.lines[8]
                == "The movies that match “NIGHT” are on screen; find alone shows them all.")
    }

    @Test func hostileTitlesThatMatchShowEscaped() throws {
        let movies = [
            Movie(id: 1, title: "Night \u{1B}[2J", year: 2000),
            Movie(id: 2, title: "Day", year: 2001),
            Movie(id: 3, title: "Night \u{202E}txt", year: 2002),
        ]
        let fixture = Self.findingNights(movies)
        #expect(fixture.lines[0] == #" 1. Night \u{1B}[2J (2000)"#)
        #expect(fixture.lines[1] == #" 3. Night \u{202E}txt (2002)"#)
        try fixture.viewModel.insert(title: "Night \u{7}", year: 2003, at: 1)
        #expect(fixture.lines[1] == #" 2. Night \u{7} (2003)"#)
        #expect(fixture.terminal.screen.bells == 0)
        #expect(fixture.terminal.screen.unknownSequences.isEmpty)
    }

    @Test func aRefreshFiltersTheNewListAfresh() async throws {
        let fixture = Self.findingNights()
        try fixture.viewModel.delete(at: 2)
        fixture.viewModel.refresh()
        await fixture.viewModel.settleFetch()
        expectMatchesDrawn(fixture, TitleSearch("NIGHT"))
        #expect(fixture.lines[7] == Self.status(10, of: 32))
        #expect(fixture.lines[8] == "List replaced: 32 movies (undo puts the old one back).")
    }

    @Test func aResizeRedrawsTheMatchesForTheNewWindow() {
        let fixture = Self.findingNights()
        fixture.view.scroll(pages: 1)
        fixture.terminal.screen.resize(rows: 6, columns: 40)
        fixture.view.resize(to: TerminalMode.WindowSize(rows: 6, columns: 40))
        #expect(
            fixture.lines == [
                Self.row(12, "Night 12", 1912), Self.row(15, "Night 15", 1915),
                Self.row(18, "Night 18", 1918), "10 of 32 movies match “NIGHT” · loaded",
                "Showing matches 4–10 of 10.", "movies>",
            ])
    }

    /// Positions are the whole list's: when it grows past what the position column holds,
    /// whether the new movie matches or not, every match is drawn again in a wider one.
    @Test func aListThatOutgrowsThePositionColumnIsRedrawnWider() throws {
        let fixture = Self.findingNights(Self.nightsAndDays(9))
        #expect(fixture.lines[0] == " 3. Night 3 (1903)")
        for step in 0..<91 {
            try fixture.viewModel.insert(title: "Dawn \(step)", year: 2000, at: 0)
        }
        #expect(fixture.lines[0] == "  94. Night 3 (1903)")
        #expect(fixture.lines[2] == " 100. Night 9 (1909)")
        expectMatchesDrawn(fixture, TitleSearch("NIGHT"))
    }

    /// Seeded random steps on a long list under a find: after every one the grid shows exactly
    /// the matches of the state from the first shown match, at their positions, and the status
    /// line counts them.
    @Test(arguments: [1, 2, 3, 4])
    func theGridAlwaysShowsTheMatches(seed: Int) async throws {
        var random = SeededGenerator(seed: UInt64(seed))
        let fixture = Fixture(movies: Self.nightsAndDays(60), rows: 12, columns: 50)
        let searches = [TitleSearch("night"), TitleSearch("DAY 1"), TitleSearch("4")]
        var search: TitleSearch? = searches[0]
        fixture.view.showMatches(of: searches[0], in: fixture.viewModel.state.movies)
        for step in 0..<200 {
            let count = fixture.viewModel.state.movies.count
            let index = Int.random(in: 0..<max(1, count), using: &random)
            let other = Int.random(in: 0..<max(1, count), using: &random)
            let title = Bool.random(using: &random) ? "Night \(step)" : "Dawn \(step)"
            switch Int.random(in: 0..<21, using: &random) {
            case 0..<4: _ = try? fixture.viewModel.insert(title: title, year: 2000, at: index)
            case 4..<7: _ = try? fixture.viewModel.delete(at: index)
            case 7..<11: _ = try? fixture.viewModel.move(from: index, to: other)
            case 11..<13: _ = try? fixture.viewModel.undo()
            case 13: _ = try? fixture.viewModel.redo()
            case 19: _ = try? fixture.viewModel.rename(at: index, to: title)
            case 14..<16: fixture.view.scroll(pages: Int.random(in: -1...1, using: &random))
            case 16:
                fixture.viewModel.refresh()
                await fixture.viewModel.settleFetch()
            case 17:
                #expect(fixture.view.clearFind())
                search = nil
            default:
                let next = searches[Int.random(in: 0..<searches.count, using: &random)]
                fixture.view.showMatches(of: next, in: fixture.viewModel.state.movies)
                search = next
            }
            let comment: Comment = "seed \(seed), step \(step)"
            if let search {
                expectMatchesDrawn(fixture, search, comment)
            } else {
                #expect(fixture.view.find == nil, comment)
            }
            #expect(fixture.terminal.screen.unknownSequences.isEmpty, comment)
        }
    }

    /// Checks the list rows and the status line against the matches of the state drawn afresh
    /// from the view's first shown match.
    private func expectMatchesDrawn(
        _ fixture: Fixture, _ search: TitleSearch, _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let movies = fixture.viewModel.state.movies
        let matches = movies.indices.filter { search.matches(movies[$0]) }
        let width = ScreenRow.numberWidth(for: movies.count)
        let row = ScreenRow(numberWidth: width, columns: fixture.terminal.screen.columns)
        for line in 0..<fixture.view.listRows {
            let index = fixture.view.top + line
            let expected =
                index < matches.count ? row.text(movies[matches[index]], at: matches[index]) : ""
            #expect(
                trimmed(fixture.lines[line]) == trimmed(expected),
                "row \(line) \(comment?.rawValue ?? "")", sourceLocation: sourceLocation)
        }
        #expect(
            fixture.lines[fixture.view.listRows]
                == "\(search.summary(matches: matches.count, of: movies.count)) · loaded",
            comment, sourceLocation: sourceLocation)
    }

    private func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " })
    }
}
