// The screen view against a terminal model: for every kind of Change, the grid a person would see,
// and which rows the bytes touched (an edit rewrites only the rows it changed; shifted rows keep
// their text and get only new numbers). A seeded property check compares the grid after every
// Change with a fresh drawing of the state.

import MoviesTestSupport
import Testing

@testable import MoviesCore
@testable import MoviesViews
@testable import TerminalIO

@MainActor
@Suite("ScreenView", .hangGuard)
struct ScreenViewTests {
    /// A store, a screen view on a modelled terminal of `rows` x `columns`, started.
    @MainActor
    final class Fixture {
        let viewModel: MoviesViewModel
        let terminal: ModelTerminal
        let view: ScreenView

        init(movies: [Movie], rows: Int = 10, columns: Int = 40, status: FetchStatus = .loaded) {
            viewModel = MoviesViewModel(
                api: StubAPI(movies: movies),
                state: MoviesState(movies: movies, fetchStatus: status))
            terminal = ModelTerminal(rows: rows, columns: columns)
            view = ScreenView(
                viewModel: viewModel, terminal: terminal,
                size: TerminalMode.WindowSize(rows: rows, columns: columns), animates: false)
            view.start()
            view.drawInput(prompt: "movies> ", characters: [], cursor: 0)
            terminal.screen.resetDamage()
            terminal.bytes = 0
        }

        var lines: [String] { terminal.screen.lines }
    }

    static func films(_ count: Int) -> [Movie] {
        (1...count).map { Movie(id: $0, title: "Film \($0)", year: 1900 + $0) }
    }

    @Test func startShowsTheListStatusAndInputLine() {
        let fixture = Fixture(movies: Self.films(3))
        #expect(fixture.terminal.screen.isAlternateScreen)
        #expect(
            fixture.lines == [
                " 1. Film 1 (1901)", " 2. Film 2 (1902)", " 3. Film 3 (1903)", "", "", "", "",
                "3 movies · loaded", "", "movies>",
            ])
        #expect(fixture.terminal.screen.cursor == (row: 9, column: 8))
        #expect(fixture.terminal.screen.isCursorVisible)
        #expect(fixture.terminal.screen.unknownSequences.isEmpty)
    }

    @Test func anInsertOnScreenRewritesOneRowAndRenumbersTheShiftedOnes() throws {
        let fixture = Fixture(movies: Self.films(9))
        try fixture.viewModel.insert(title: "Up", year: 2009, at: 2)
        let screen = fixture.terminal.screen
        #expect(
            Array(fixture.lines.prefix(7)) == [
                " 1. Film 1 (1901)", " 2. Film 2 (1902)", " 3. Up (2009)", " 4. Film 3 (1903)",
                " 5. Film 4 (1904)", " 6. Film 5 (1905)", " 7. Film 6 (1906)",
            ])
        #expect(fixture.lines[7] == "10 movies · loaded")
        #expect(fixture.lines[8] == "Inserted “Up (2009)” at 3.")
        // Row 3 (0-based 2) was written; rows 4-7 moved down and only their numbers changed.
        #expect(screen.shiftedRows == Set(3...6))
        #expect(screen.touchedRows == [2, 3, 4, 5, 6, 7, 8], "the input line is not resent")
        for row in 3...6 {
            #expect(screen.touchedColumns(row: row) == 0..<2, "row \(row): its number only")
        }
        #expect(screen.unknownSequences.isEmpty)
    }

    @Test func aDeleteOnScreenPullsTheNextMovieIntoTheLastRow() throws {
        let fixture = Fixture(movies: Self.films(12))
        try fixture.viewModel.delete(at: 1)
        #expect(
            Array(fixture.lines.prefix(7)) == [
                "  1. Film 1 (1901)", "  2. Film 3 (1903)", "  3. Film 4 (1904)",
                "  4. Film 5 (1905)", "  5. Film 6 (1906)", "  6. Film 7 (1907)",
                "  7. Film 8 (1908)",
            ])
        #expect(fixture.lines[8] == "Deleted “Film 2 (1902)” from 2.")
        let screen = fixture.terminal.screen
        #expect(screen.shiftedRows == Set(1...5))
        #expect(screen.touchedColumns(row: 6) == 0..<40, "the new last row is written whole")
    }

    @Test(arguments: [(1, 5), (5, 1), (0, 6), (6, 0)] as [(Int, Int)])
    func aMoveOnScreenTouchesOnlyTheRowsBetween(from: Int, to: Int) throws {
        let fixture = Fixture(movies: Self.films(12))
        try fixture.viewModel.move(from: from, to: to)
        expectFreshDrawing(fixture)
        let screen = fixture.terminal.screen
        let band = Set(min(from, to)...max(from, to))
        #expect(screen.touchedRows.subtracting([7, 8, 9]).isSubset(of: band))
    }

    @Test func aMoveDoesNotRepaintTheStatusLine() throws {
        let fixture = Fixture(movies: Self.films(12))
        try fixture.viewModel.move(from: 1, to: 3)
        #expect(!fixture.terminal.screen.touchedRows.contains(7))
        try fixture.viewModel.delete(at: 1)
        #expect(fixture.terminal.screen.touchedRows.contains(7))
    }

    @Test func aRenameOnScreenRewritesOnlyItsRowAndNotTheStatusLine() throws {
        let fixture = Fixture(movies: Self.films(12), columns: 80)
        try fixture.viewModel.rename(at: 2, to: "Film Three")
        #expect(
            Array(fixture.lines.prefix(4)) == [
                "  1. Film 1 (1901)", "  2. Film 2 (1902)", "  3. Film Three (1903)",
                "  4. Film 4 (1904)",
            ])
        #expect(fixture.lines[8] == "Changed “Film 3 (1903)” to “Film Three (1903)” at 3.")
        let screen = fixture.terminal.screen
        #expect(screen.touchedRows == [2, 8], "its row and the message, not the status line")
        #expect(screen.shiftedRows.isEmpty)
        expectFreshDrawing(fixture)
    }

    @Test func aRatingOnScreenRewritesOnlyItsRowWithItsStarsNeverCut() throws {
        let fixture = Fixture(movies: Self.films(12), columns: 22)
        try fixture.viewModel.rate(at: 2, stars: 3)
        #expect(
            Array(fixture.lines.prefix(4)) == [
                "  1. Film 1 (1901)", "  2. Film 2 (1902)", "  3. Fil… (1903) ★★★☆☆",
                "  4. Film 4 (1904)",
            ])
        #expect(fixture.lines[8].hasPrefix("Changed “Film 3"))
        let screen = fixture.terminal.screen
        #expect(screen.touchedRows == [2, 8], "its row and the message, not the status line")
        #expect(screen.shiftedRows.isEmpty)
        expectFreshDrawing(fixture)
    }

    @Test func aRenameOffScreenSaysWhereAndRepaintsNoListRow() throws {
        let fixture = Fixture(movies: Self.films(30), columns: 90)
        try fixture.viewModel.rename(at: 20, to: "Film Twenty-one")
        #expect(fixture.terminal.screen.touchedRows == [8])
        #expect(
            fixture.lines[8]
                == "Changed “Film 21 (1921)” to “Film Twenty-one (1921)” at 21, below the view.")
        fixture.view.scroll(pages: 1)
        fixture.terminal.screen.resetDamage()
        try fixture.viewModel.rename(at: 0, to: "First")
        #expect(fixture.terminal.screen.touchedRows == [8])
        #expect(fixture.lines[8].hasSuffix(" at 1, above the view."))
        expectFreshDrawing(fixture)
    }

    @Test func anEditBelowTheViewRepaintsNoListRow() throws {
        let fixture = Fixture(movies: Self.films(30), columns: 60)
        try fixture.viewModel.delete(at: 20)
        try fixture.viewModel.insert(title: "Up", year: 2009, at: 25)
        try fixture.viewModel.move(from: 22, to: 28)
        let screen = fixture.terminal.screen
        #expect(screen.touchedRows.isDisjoint(with: 0..<7))
        #expect(screen.shiftedRows.isEmpty)
        #expect(fixture.lines[8] == "Moved “Film 24 (1924)” from 23 to 29, below the view.")
    }

    @Test func anEditAboveTheViewKeepsTheSameMoviesInViewAndRenumbersThem() throws {
        let fixture = Fixture(movies: Self.films(30), columns: 60)
        fixture.view.scroll(pages: 1)
        #expect(fixture.lines.first == "  7. Film 7 (1907)")
        fixture.terminal.screen.resetDamage()
        try fixture.viewModel.insert(title: "Up", year: 2009, at: 0)
        #expect(fixture.lines.first == "  8. Film 7 (1907)")
        #expect(fixture.lines[8] == "Inserted “Up (2009)” at 1, above the view.")
        let screen = fixture.terminal.screen
        for row in 0..<7 {
            #expect(screen.touchedColumns(row: row) == 0..<3, "row \(row): its number only")
        }
        expectFreshDrawing(fixture)
    }

    @Test func aReloadRepaintsTheWholeList() async throws {
        let fixture = Fixture(movies: Self.films(5))
        fixture.viewModel.refresh()
        await fixture.viewModel.settleFetch()
        expectFreshDrawing(fixture)
        #expect(fixture.terminal.screen.touchedRows.isSuperset(of: 0..<7))
    }

    @Test func theSpinnerRewritesOnlyItsCell() {
        let fixture = Fixture(movies: Self.films(3), status: .loading)
        #expect(fixture.lines[7] == "⠋ Loading movies… (3 movies shown)")
        fixture.terminal.screen.resetDamage()
        fixture.view.advanceSpinner()
        #expect(fixture.lines[7] == "⠙ Loading movies… (3 movies shown)")
        #expect(fixture.terminal.screen.touchedRows == [7], "the input line is not resent")
        #expect(fixture.terminal.screen.touchedColumns(row: 7) == 0..<1)
    }

    @Test func titlesAreCutToTheWindowByDisplayWidth() {
        let movies = [
            Movie(id: 1, title: String(repeating: "Long title ", count: 10), year: 2000),
            Movie(id: 2, title: "千と千尋の神隠し 千と千尋の神隠し 千と千尋の神隠し", year: 2001),
            Movie(id: 3, title: "🎬🎬🎬🎬🎬🎬🎬🎬🎬🎬🎬🎬🎬🎬🎬🎬🎬🎬", year: 2002),
        ]
        let fixture = Fixture(movies: movies, columns: 30)
        for line in fixture.lines.prefix(3) {
            #expect(line.hasSuffix(")"), "the year stays: \(line)")
            #expect(line.contains("…"))
        }
        #expect(fixture.lines[0] == " 1. Long title Long ti… (2000)")
        for row in 0..<3 {
            #expect(fixture.terminal.screen.touchedColumns(row: row).upperBound <= 30)
        }
        #expect(fixture.terminal.screen.unknownSequences.isEmpty)
    }

    /// Titles in many scripts, measured as terminals advance the cursor (per scalar): spacing
    /// marks take a cell, a skin tone two, a joined family the cells of its members.
    static let titlesOfEveryScript: [String] = [
        "दिलवाले दुल्हनिया ले जाएंगे", "กำแพงเมืองจีน สวัสดีครับ", "தமிழ் திரைப்படம் நீண்ட தலைப்பு",
        "기생충 살인의 추억 괴물 올드보이", "千と千尋の神隠し となりのトトロ", "Ame\u{301}lie Poulain e\u{301}te\u{301}",
        "👍🏻👍🏽👍🏿 thumbs", "👨\u{200D}👩\u{200D}👧\u{200D}👦 family 👩🏽\u{200D}🚀",
        "🇯🇵🇫🇷🇧🇷 flags 🏳\u{FE0F}\u{200D}🌈", String(repeating: "\u{A9C0}", count: 480),
    ]

    @Test(arguments: [30, 40, 80])
    func titlesOfEveryScriptStayOnTheirRows(columns: Int) throws {
        let movies = Self.titlesOfEveryScript.enumerated().map { index, title in
            Movie(id: index + 1, title: title, year: 1990 + index)
        }
        let fixture = Fixture(movies: movies, rows: 14, columns: columns)
        func expectRowsInPlace(_ count: Int) {
            for row in 0..<count {
                let line = fixture.lines[row]
                let number = String(row + 1)
                let prefix = String(repeating: " ", count: 3 - number.count) + number + ". "
                #expect(line.hasPrefix(prefix), "row \(row): \(line)")
                #expect(line.hasSuffix("(\(1990 + row + 10 - count))"), "row \(row): \(line)")
                #expect(DisplayWidth.of(line) <= columns, "row \(row): \(line)")
            }
            #expect(fixture.lines[count] == "")
            #expect(fixture.lines[13] == "movies>")
            #expect(fixture.terminal.screen.cursor == (row: 13, column: 8))
            #expect(fixture.terminal.screen.unknownSequences.isEmpty)
        }
        expectRowsInPlace(10)
        if columns == 30 {
            #expect(fixture.lines[0] == "  1. दिलवाले दुल्हनिया ले … (1990)")
            #expect(fixture.lines[9] == " 10. … (1999)", "one character of 480 marks")
        }
        // The rows that moved up keep their text (cut for the wider position column of ten
        // rows) and get new numbers; nothing of the deleted row is left.
        try fixture.viewModel.delete(at: 0)
        expectRowsInPlace(9)
        #expect(!fixture.lines.prefix(10).joined().contains("दिल"))
    }

    /// A reason the catalog escaped already shows once on the status line, not as `\\x{FF}`.
    @Test func aFailureReasonEscapedWhereItWasMadeIsShownOnce() {
        let fixture = Fixture(
            movies: Self.films(3), columns: 80, status: .failed(#"r\x{FF}: no such file"#))
        #expect(
            fixture.lines[7] == #"3 movies · could not load: r\x{FF}: no such file — type refresh"#)
    }

    @Test func hostileTitlesShowAsEscapedText() {
        let movies = [
            Movie(id: 1, title: "CSI \u{1B}[31mred", year: 2000),
            Movie(id: 2, title: "OSC \u{1B}]0;pwned\u{7}", year: 2001),
            Movie(id: 3, title: "RLO \u{202E}txt", year: 2002),
            Movie(id: 4, title: "C1 \u{9B}2J", year: 2003),
        ]
        let fixture = Fixture(movies: movies, columns: 60)
        #expect(fixture.lines[0] == #" 1. CSI \u{1B}[31mred (2000)"#)
        #expect(fixture.lines[2] == #" 3. RLO \u{202E}txt (2002)"#)
        #expect(fixture.terminal.screen.unknownSequences.isEmpty)
        #expect(fixture.terminal.screen.bells == 0)
    }

    @Test func scrollingPagesThroughALongList() {
        let fixture = Fixture(movies: Self.films(100))
        fixture.view.scroll(pages: 1)
        #expect(fixture.lines.first == "   7. Film 7 (1907)")
        fixture.view.scroll(pages: 100)
        #expect(fixture.lines[6] == " 100. Film 100 (2000)")
        #expect(fixture.lines[8] == "Showing 94–100 of 100.")
        fixture.view.scroll(pages: -100)
        #expect(fixture.lines.first == "   1. Film 1 (1901)")
    }

    @Test func theInputLineScrollsSidewaysToKeepTheCursor() {
        let fixture = Fixture(movies: Self.films(3), columns: 20)
        let typed = Array("insert \"A very long title\" 1999")
        fixture.view.drawInput(prompt: "movies> ", characters: typed, cursor: typed.count)
        let line = fixture.lines[9]
        #expect(line.hasPrefix("movies> "))
        #expect(line.hasSuffix("1999"))
        #expect(fixture.terminal.screen.cursor.row == 9)
        #expect(fixture.terminal.screen.cursor.column <= 19)
    }

    @Test func anOverlayShowsTextUntilDismissed() {
        let fixture = Fixture(movies: Self.films(3))
        fixture.view.showOverlay("line one\nline two")
        #expect(Array(fixture.lines.prefix(3)) == ["line one", "line two", ""])
        fixture.view.dismissOverlay()
        #expect(fixture.lines.first == " 1. Film 1 (1901)")
    }

    @Test func aResizeRedrawsForTheNewWindow() {
        let fixture = Fixture(movies: Self.films(20))
        fixture.terminal.screen.resize(rows: 6, columns: 30)
        fixture.view.resize(to: TerminalMode.WindowSize(rows: 6, columns: 30))
        #expect(
            fixture.lines == [
                "  1. Film 1 (1901)", "  2. Film 2 (1902)", "  3. Film 3 (1903)",
                "20 movies · loaded", "", "movies>",
            ])
    }

    /// Taken down for a suspend, the view writes nothing, whatever happens meanwhile.
    ///
    /// The terminal is the shell's, or the app is in the background: an edit, a message, a bell
    /// all wait.
    /// `putBack(in:)` draws everything as it is then, for the window's size then; Ctrl-L too.
    @Test func whileTakenDownNothingIsWrittenAndPutBackDrawsForTheSizeGiven() throws {
        let fixture = Fixture(movies: Self.films(20))
        fixture.view.takeDown(ending: false)
        #expect(!fixture.terminal.screen.isAlternateScreen)
        fixture.terminal.bytes = 0
        try fixture.viewModel.delete(at: 0)
        fixture.view.show("movies: a reason\n", on: .error)
        fixture.view.show("\u{1B}[?2004h", on: .standard)
        fixture.view.ringBell()
        fixture.view.drawInput(prompt: "movies> ", characters: Array("list"), cursor: 4)
        #expect(fixture.terminal.bytes == 0, "nothing written while taken down")

        fixture.terminal.screen.resize(rows: 6, columns: 30)
        fixture.view.putBack(in: TerminalMode.WindowSize(rows: 6, columns: 30))
        let drawn = [
            "  1. Film 2 (1902)", "  2. Film 3 (1903)", "  3. Film 4 (1904)",
            "19 movies · loaded", "movies: a reason", "movies> list",
        ]
        #expect(fixture.terminal.screen.isAlternateScreen)
        #expect(fixture.lines == drawn)

        // Ctrl-L draws for the size it is given, the window's now, even one no SIGWINCH told of.
        fixture.terminal.screen.resize(rows: 5, columns: 30)
        fixture.view.clearAndRedraw(in: TerminalMode.WindowSize(rows: 5, columns: 30))
        #expect(fixture.lines == Array(drawn.prefix(2)) + Array(drawn.suffix(3)))
    }

    /// Seeded random edits on a long list: after every action the grid equals a fresh drawing of
    /// the state, and each edit wrote a bounded number of bytes, whatever the list's length.
    @Test(arguments: [1, 2, 3])
    func theGridAlwaysShowsTheState(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed))
        let fixture = Fixture(movies: Self.films(60), rows: 12, columns: 50)
        fixture.view.scroll(pages: 2)
        for step in 0..<150 {
            let count = fixture.viewModel.state.movies.count
            let index = Int.random(in: 0..<max(1, count), using: &random)
            let other = Int.random(in: 0..<max(1, count), using: &random)
            fixture.terminal.bytes = 0
            switch Int.random(in: 0..<7, using: &random) {
            case 0: _ = try? fixture.viewModel.insert(title: "Step \(step)", year: 2000, at: index)
            case 1: _ = try? fixture.viewModel.delete(at: index)
            case 2: _ = try? fixture.viewModel.undo()
            case 3: fixture.view.scroll(pages: Int.random(in: -1...1, using: &random))
            case 4: _ = try? fixture.viewModel.rename(at: index, to: "Renamed \(step)")
            default: _ = try? fixture.viewModel.move(from: index, to: other)
            }
            expectFreshDrawing(fixture, "seed \(seed), step \(step)")
            #expect(fixture.terminal.screen.unknownSequences.isEmpty)
        }
    }

    /// Checks the list rows, status and message lines against a fresh view drawing the same
    /// state from the same first row.
    private func expectFreshDrawing(_ fixture: Fixture, _ comment: Comment? = nil) {
        let state = fixture.viewModel.state
        let rows = fixture.view.listRows
        let width = ScreenRow.numberWidth(for: state.movies.count)
        let row = ScreenRow(numberWidth: width, columns: fixture.terminal.screen.columns)
        for line in 0..<rows {
            let index = fixture.view.top + line
            let expected =
                index < state.movies.count ? row.text(state.movies[index], at: index) : ""
            #expect(
                trimmed(fixture.lines[line]) == trimmed(expected),
                "row \(line) \(comment?.rawValue ?? "")")
        }
    }

    private func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " })
    }
}

/// A terminal that is a model: it feeds the bytes to a `TerminalScreen`, counts them and keeps
/// each write.
@MainActor
final class ModelTerminal: TerminalOutput {
    var screen: TerminalScreen
    var bytes = 0
    /// Every write since the last `forget()`, as written.
    private(set) var writes: [String] = []

    init(rows: Int, columns: Int) {
        screen = TerminalScreen(rows: rows, columns: columns)
    }

    func write(_ text: String) {
        bytes += text.utf8.count
        writes.append(text)
        screen.feed(text)
    }

    /// Starts over: no damage on the screen, no byte counted, no write kept.
    func forget() {
        screen.resetDamage()
        bytes = 0
        writes = []
    }
}
