// The screen view's history panel against a terminal model: Ctrl-T opens it under the list, one
// row an edit as `history` words it, the edit the list is right after in reverse video; each
// undo or redo the session runs while it is open redraws the list rows its Change touched and
// exactly the two panel rows whose words changed (the highlight moves); a panel that must scroll
// to keep the point in view rewrites its rows; rows are cut to the window and titles escaped;
// Esc or Ctrl-T closes it and draws the list rows it covered; a repaint draws it again. A
// seeded check compares the list and the panel with a fresh drawing after every step.

import MoviesTestSupport
import Testing

@testable import MoviesCore
@testable import MoviesViews
@testable import TerminalIO

@MainActor
@Suite("ScreenView, history panel", .hangGuard)
struct ScreenViewHistoryPanelTests {
    typealias Fixture = ScreenViewTests.Fixture

    /// A window of 14 rows and 40 columns: 11 above the status line, of which the panel takes
    /// the lower 5 (its title on row 6, edits on rows 7 to 10) and the list keeps 6.
    static let rows = 14
    static let title = 6
    static let editRows = 7...10
    static let status = 11
    static let message = 12

    /// `films(12)` after three edits: Film 1 deleted, the new first renamed "Second", then
    /// moved to 6; the damage so far forgotten.
    static func threeEdits(columns: Int = 40) throws -> Fixture {
        let fixture = Fixture(movies: ScreenViewTests.films(12), rows: rows, columns: columns)
        try fixture.viewModel.delete(at: 0)
        try fixture.viewModel.rename(at: 0, to: "Second")
        try fixture.viewModel.move(from: 0, to: 5)
        fixture.terminal.forget()
        return fixture
    }

    /// The history of `threeEdits` with the list right after edit `point`, as the panel shows it.
    static func threeEditsPanel(point: Int) -> [String] {
        let edits = [
            "0  before the first edit", "1  - 1. Film 1 (1901)", "2  ~ 1. Second (1902)",
            "3  ↕ 1 → 6. Second (1902)",
        ]
        return edits.enumerated().map { number, text in
            (number == point ? "▸ " : "  ") + text + (number > point ? "   (undone)" : "")
        }
    }

    /// A list row as the view draws it for a list of 10 to 99 movies.
    static func row(_ position: Int, _ title: String, _ year: Int) -> String {
        let number = String(position)
        return String(repeating: " ", count: 3 - number.count) + number + ". \(title) (\(year))"
    }

    @Test func ctrlTOpensThePanelUnderTheListWithThePointHighlighted() throws {
        let fixture = try Self.threeEdits()
        let listBefore = Array(fixture.lines.prefix(6))
        fixture.view.handle(unhandled: .control(.t))
        let screen = fixture.terminal.screen
        #expect(fixture.view.isPanelOpen)
        #expect(fixture.view.listRows == 6)
        #expect(Array(fixture.lines.prefix(6)) == listBefore, "the list keeps its upper rows")
        #expect(fixture.lines[Self.title] == "── History · Up: undo · Down: redo · Es…")
        #expect(Array(fixture.lines[Self.editRows]) == Self.threeEditsPanel(point: 3))
        #expect(screen.reversedRows == [10])
        #expect(screen.reversedText(row: 10) == "▸ 3  ↕ 1 → 6. Second (1902)")
        #expect(screen.touchedRows == Set(6...10), "only the panel's rows; the input line stays")
        #expect(screen.cursor == (row: 13, column: 8))
        #expect(screen.unknownSequences.isEmpty)
    }

    /// What the session runs for Up and Down while the panel is open (`undo`, `redo`): the list
    /// draws the rows each Change touched, and the panel rewrites only the two rows whose words
    /// changed, in the same write.
    @Test func anUndoOrRedoMovesTheHighlightAndTheListFollowsRowByRow() throws {
        let fixture = try Self.threeEdits()
        fixture.view.openPanel()
        #expect(fixture.view.passesToSession(.up) && fixture.view.passesToSession(.down))
        #expect(!fixture.view.passesToSession(.left) && !fixture.view.passesToSession(.escape))
        fixture.terminal.forget()

        // The move undone: Second goes back to 1, the rows between shift down.
        try fixture.viewModel.undo()
        var screen = fixture.terminal.screen
        #expect(
            Array(fixture.lines.prefix(6)) == [
                Self.row(1, "Second", 1902), Self.row(2, "Film 3", 1903),
                Self.row(3, "Film 4", 1904), Self.row(4, "Film 5", 1905),
                Self.row(5, "Film 6", 1906), Self.row(6, "Film 7", 1907),
            ])
        #expect(Array(fixture.lines[Self.editRows]) == Self.threeEditsPanel(point: 2))
        #expect(screen.reversedRows == [9])
        #expect(screen.touchedRows.intersection(6...10) == [9, 10], "two panel rows")
        #expect(fixture.lines[Self.message] == "Moved “Second (1902)” from 6 to 1.")
        #expect(fixture.terminal.writes.count == 1, "rows, panel and message in one write")

        // The rename undone: one list row, two panel rows.
        fixture.terminal.forget()
        try fixture.viewModel.undo()
        screen = fixture.terminal.screen
        #expect(fixture.lines[0] == Self.row(1, "Film 2", 1902))
        #expect(Array(fixture.lines[Self.editRows]) == Self.threeEditsPanel(point: 1))
        #expect(screen.touchedRows == [0, 8, 9, Self.message])

        // And forward again.
        fixture.terminal.forget()
        try fixture.viewModel.redo()
        screen = fixture.terminal.screen
        #expect(fixture.lines[0] == Self.row(1, "Second", 1902))
        #expect(Array(fixture.lines[Self.editRows]) == Self.threeEditsPanel(point: 2))
        #expect(screen.reversedRows == [9])
        #expect(screen.touchedRows == [0, 8, 9, Self.message])
        #expect(screen.unknownSequences.isEmpty)
    }

    /// The point stays in view: the panel opens with it on its last row, and an undo past the
    /// first row shown scrolls the panel, which rewrites its rows then (as a page of the list
    /// does), and only then.
    @Test func thePanelScrollsToKeepThePointInView() throws {
        let fixture = Fixture(movies: ScreenViewTests.films(12), rows: Self.rows, columns: 40)
        for _ in 0..<8 { try fixture.viewModel.delete(at: 0) }
        fixture.view.openPanel()
        func edit(_ number: Int, point: Int) -> String {
            let mark = number == point ? "▸ " : "  "
            return mark + "\(number)  - 1. Film \(number) (\(1900 + number))"
                + (number > point ? "   (undone)" : "")
        }
        #expect(Array(fixture.lines[Self.editRows]) == (5...8).map { edit($0, point: 8) })
        #expect(fixture.terminal.screen.reversedRows == [10])
        for point in [7, 6, 5] {
            fixture.terminal.forget()
            try fixture.viewModel.undo()
            #expect(Array(fixture.lines[Self.editRows]) == (5...8).map { edit($0, point: point) })
            let touched = fixture.terminal.screen.touchedRows.intersection(6...10)
            #expect(touched == [point + 2, point + 3], "the edit undone and the point")
        }
        fixture.terminal.forget()
        try fixture.viewModel.undo()
        #expect(Array(fixture.lines[Self.editRows]) == (4...7).map { edit($0, point: 4) })
        #expect(fixture.terminal.screen.touchedRows.intersection(6...10) == Set(Self.editRows))
        #expect(fixture.terminal.screen.reversedRows == [7])
    }

    /// A new edit while the panel is open is its newest row, highlighted; one after an undo
    /// takes the place of the edits undone.
    @Test func aNewEditShowsInThePanel() throws {
        let fixture = try Self.threeEdits()
        fixture.view.openPanel()
        try fixture.viewModel.undo()
        fixture.terminal.forget()
        try fixture.viewModel.rate(at: 1, stars: 4)
        #expect(
            Array(fixture.lines[Self.editRows])
                == Array(Self.threeEditsPanel(point: 2).prefix(3)).map {
                    $0.replacingOccurrences(of: "▸ 2", with: "  2")
                } + ["▸ 3  ~ 2. Film 3 (1903) ★★★★☆"])
        #expect(fixture.terminal.screen.reversedRows == [10])
        #expect(fixture.terminal.screen.touchedRows.intersection(6...10) == [9, 10])
    }

    /// A skip records its own edit once its last Change has been delivered: the panel shows it
    /// when the command runner says the edit is done (`editDone`).
    @Test func aSkipShowsItsEditWhenTheRunnerSaysItIsDone() throws {
        let fixture = try Self.threeEdits()
        fixture.view.openPanel()
        try fixture.viewModel.send(.skip(edit: 1))
        fixture.view.editDone()
        #expect(
            Array(fixture.lines[Self.editRows])
                == [
                    "  1  - 1. Film 1 (1901)", "  2  ~ 1. Second (1902)",
                    "  3  ↕ 1 → 6. Second (1902)", "▸ 4  edit 1 taken out: 5 rows",
                ])
        #expect(fixture.terminal.screen.reversedRows == [10])
    }

    /// Rows are cut to the window by display width, as list rows are, and titles are escaped:
    /// no row wraps and nothing in a title reaches the terminal as a control.
    @Test(arguments: [24, 40, 80])
    func panelRowsAreCutToTheWindowAndTitlesEscaped(columns: Int) throws {
        let fixture = Fixture(movies: ScreenViewTests.films(3), rows: Self.rows, columns: columns)
        try fixture.viewModel.insert(
            title: "CSI \u{1B}[31mred, then a title far longer than any window", year: 1999,
            at: 0)
        try fixture.viewModel.rename(at: 1, to: "千と千尋の神隠し となりのトトロ 千と千尋の神隠し")
        try fixture.viewModel.rename(at: 2, to: "👨\u{200D}👩\u{200D}👧\u{200D}👦 family 🇯🇵🇫🇷 flags")
        fixture.view.openPanel()
        let screen = fixture.terminal.screen
        for row in 6...10 {
            #expect(DisplayWidth.atMost(fixture.lines[row]) <= columns, "row \(row)")
            #expect(screen.touchedColumns(row: row).upperBound <= columns, "row \(row)")
        }
        #expect(fixture.lines[8].hasPrefix(#"  1  + 1. CSI \u{1B}["#), "\(screen.dump)")
        #expect(fixture.lines[8].hasSuffix("…") || columns == 80)
        #expect(fixture.lines[9].hasPrefix("  2  ~ 2. 千と"))
        #expect(screen.reversedRows == [10])
        #expect(screen.unknownSequences.isEmpty)
        #expect(screen.bells == 0)
    }

    /// Esc closes the panel and draws only the list rows it covered; Ctrl-T opens and closes
    /// it; closed, Up and Down are the input line's again.
    @Test func escOrCtrlTClosesThePanelAndTheListTakesItsRowsBack() throws {
        let fixture = try Self.threeEdits()
        fixture.view.handle(unhandled: .control(.t))
        fixture.terminal.forget()
        fixture.view.handle(unhandled: .escape)
        #expect(!fixture.view.isPanelOpen)
        #expect(!fixture.view.passesToSession(.up) && !fixture.view.passesToSession(.down))
        #expect(
            Array(fixture.lines[6...10]) == [
                Self.row(7, "Film 8", 1908), Self.row(8, "Film 9", 1909),
                Self.row(9, "Film 10", 1910), Self.row(10, "Film 11", 1911),
                Self.row(11, "Film 12", 1912),
            ])
        #expect(fixture.terminal.screen.touchedRows == Set(6...10))
        #expect(fixture.terminal.screen.reversedRows.isEmpty)

        fixture.terminal.forget()
        fixture.view.handle(unhandled: .escape)
        #expect(fixture.terminal.bytes == 0, "Esc with no panel does nothing")
        #expect(fixture.terminal.screen.bells == 0)

        fixture.view.handle(unhandled: .control(.t))
        #expect(fixture.view.isPanelOpen)
        fixture.view.handle(unhandled: .control(.t))
        #expect(!fixture.view.isPanelOpen)
        #expect(fixture.lines[10] == Self.row(11, "Film 12", 1912))
    }

    /// A list scrolled further than the taller list can go moves its first row up when the
    /// panel closes, and is drawn whole.
    @Test func closingAfterScrollingToTheEndFillsTheWindow() {
        let fixture = Fixture(movies: ScreenViewTests.films(30), rows: Self.rows, columns: 40)
        fixture.view.openPanel()
        fixture.view.scroll(pages: 10)
        #expect(fixture.lines[5] == Self.row(30, "Film 30", 1930))
        fixture.view.closePanel()
        #expect(fixture.view.top == 19)
        #expect(fixture.lines[0] == Self.row(20, "Film 20", 1920))
        #expect(fixture.lines[10] == Self.row(30, "Film 30", 1930))
    }

    /// Ctrl-L, a resize and `fg` draw the panel again, for the window's size then.
    @Test func aRepaintDrawsThePanelForTheWindowsSize() throws {
        let fixture = try Self.threeEdits()
        fixture.view.openPanel()
        fixture.terminal.screen.resize(rows: 9, columns: 40)
        fixture.view.resize(to: TerminalMode.WindowSize(rows: 9, columns: 40))
        // Six rows above the status line: three for the list, the title and two edits.
        #expect(
            fixture.lines == [
                Self.row(1, "Film 3", 1903), Self.row(2, "Film 4", 1904),
                Self.row(3, "Film 5", 1905), "── History · Up: undo · Down: redo · Es…",
                Self.threeEditsPanel(point: 3)[2], Self.threeEditsPanel(point: 3)[3],
                "11 movies · loaded", "Moved “Second (1902)” from 1 to 6.", "movies>",
            ])
        #expect(fixture.terminal.screen.reversedRows == [5])

        fixture.terminal.screen.resize(rows: Self.rows, columns: 40)
        fixture.view.takeDown(ending: false)
        fixture.view.putBack(in: TerminalMode.WindowSize(rows: Self.rows, columns: 40))
        #expect(Array(fixture.lines[Self.editRows]) == Self.threeEditsPanel(point: 3))
        fixture.view.clearAndRedraw(in: TerminalMode.WindowSize(rows: Self.rows, columns: 40))
        #expect(Array(fixture.lines[Self.editRows]) == Self.threeEditsPanel(point: 3))
        #expect(fixture.terminal.screen.reversedRows == [10])
        #expect(fixture.terminal.screen.unknownSequences.isEmpty)
    }

    /// With no edit yet the panel shows the one point there is; in a window too small for it,
    /// it draws what fits and nothing past the list region.
    @Test(arguments: [4, 5, 6, 14])
    func aPanelWithNoEditOrNoRoom(rows: Int) {
        let fixture = Fixture(movies: ScreenViewTests.films(3), rows: rows, columns: 40)
        fixture.view.openPanel()
        let region = rows - 3
        let panel = region / 2
        #expect(fixture.view.listRows == region - panel)
        #expect(fixture.terminal.screen.touchedRows.allSatisfy { $0 < region })
        if panel >= 2 {
            #expect(fixture.lines[region - panel + 1] == "▸ 0  before the first edit")
            #expect(fixture.terminal.screen.reversedRows == [region - panel + 1])
        }
        #expect(fixture.terminal.screen.unknownSequences.isEmpty)
    }

    /// Seeded random edits, undos, redos, scrolling and the panel opened and closed: after every
    /// step the list rows equal a fresh drawing of the state, and the panel's rows the history's
    /// lines from its first, the point among them and highlighted.
    @Test(arguments: [1, 2, 3])
    func theListAndThePanelAlwaysShowTheStore(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed))
        let fixture = Fixture(movies: ScreenViewTests.films(40), rows: 16, columns: 50)
        fixture.view.openPanel()
        for step in 0..<150 {
            let count = fixture.viewModel.state.movies.count
            let index = Int.random(in: 0..<max(1, count), using: &random)
            let other = Int.random(in: 0..<max(1, count), using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0: _ = try? fixture.viewModel.insert(title: "Step \(step)", year: 2000, at: index)
            case 1: _ = try? fixture.viewModel.delete(at: index)
            case 2, 3: _ = try? fixture.viewModel.undo()
            case 4: _ = try? fixture.viewModel.redo()
            case 5: fixture.view.scroll(pages: Int.random(in: -1...1, using: &random))
            case 6: fixture.view.handle(unhandled: .control(.t))
            case 7: _ = try? fixture.viewModel.rename(at: index, to: "Renamed \(step)")
            default: _ = try? fixture.viewModel.move(from: index, to: other)
            }
            expectTheStore(fixture, "seed \(seed), step \(step)")
        }
    }

    /// Checks the list rows against a fresh drawing of the state from the same first row, and
    /// the panel (while open) against the history's lines.
    private func expectTheStore(_ fixture: Fixture, _ comment: String) {
        let state = fixture.viewModel.state
        let screen = fixture.terminal.screen
        let row = ScreenRow(
            numberWidth: ScreenRow.numberWidth(for: state.movies.count), columns: screen.columns)
        for line in 0..<fixture.view.listRows {
            let index = fixture.view.top + line
            let expected =
                index < state.movies.count ? row.text(state.movies[index], at: index) : ""
            #expect(
                fixture.lines[line].drop { $0 == " " } == expected.drop { $0 == " " },
                "row \(line), \(comment)")
        }
        #expect(screen.unknownSequences.isEmpty, "\(comment)")
        guard let panel = fixture.view.panel else {
            #expect(screen.reversedRows.isEmpty, "\(comment)")
            return
        }
        let history = fixture.viewModel.history
        let first = fixture.view.listRows + 1
        #expect(first < fixture.view.regionRows, "the panel has rows of its own, \(comment)")
        let rows = first..<max(first, fixture.view.regionRows)
        #expect((panel.first..<panel.first + rows.count).contains(history.point), "\(comment)")
        for (offset, screenRow) in rows.enumerated() {
            let number = panel.first + offset
            let expected =
                number <= history.count
                ? DisplayWidth.truncated(HistoryText.line(number, in: history), toCells: 50) : ""
            #expect(fixture.lines[screenRow] == expected, "panel row \(offset), \(comment)")
        }
        #expect(screen.reversedRows == [first + history.point - panel.first], "\(comment)")
    }
}
