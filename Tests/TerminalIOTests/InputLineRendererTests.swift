// The input line on a modelled terminal: what the user sees after each key and after output
// arrives mid-line, for lines that wrap at widths 10, 20 and 80, wide characters at the margin,
// the cursor in the middle, escaped text, Enter, a cleared screen and a resize. Assertions are on
// the screen grid and cursor of `TerminalScreen`, not on bytes (except one test that documents
// the sequences used).

import MoviesTestSupport
import Testing

@testable import SystemBoundary
@testable import TerminalIO

@Suite("InputLineRenderer")
struct InputLineRendererTests {
    /// An editor whose line is drawn on a modelled terminal after every key.
    private struct Terminal {
        static let prompt = "movies> "
        var screen: TerminalScreen
        var renderer = InputLineRenderer()
        var editor = LineEditor(commandNames: [])
        /// Everything the renderer wrote, call by call.
        var writes: [String] = []

        init(rows: Int = 6, columns: Int) {
            screen = TerminalScreen(rows: rows, columns: columns)
            draw()
        }

        mutating func type(_ keys: Key...) {
            for key in keys {
                _ = editor.handle(key)
                draw()
            }
        }

        mutating func draw() {
            send(
                renderer.draw(
                    prompt: Self.prompt, characters: editor.characters, cursor: editor.cursor,
                    width: screen.columns))
        }

        /// Output arriving while the user types: erase the line, print, draw the line again.
        mutating func output(_ text: String) {
            send(renderer.erase(width: screen.columns))
            screen.feed(text)
            draw()
        }

        mutating func send(_ bytes: String) {
            writes.append(bytes)
            screen.feed(bytes)
        }
    }

    /// Compared escaped, so that a failure message prints no escape sequences.
    @Test func theBytesForAFewKeys() {
        var terminal = Terminal(columns: 80)
        terminal.type(.text("l"), .left)
        #expect(
            terminal.writes.map(TerminalText.escaped) == [
                #"\u{D}movies> \u{1B}[J"#, #"\u{D}movies> l\u{1B}[J"#,
                #"\u{D}movies> l\u{1B}[J\u{D}\u{1B}[8C"#,
            ])
    }

    @Test func typingAndMovingTheCursor() {
        var terminal = Terminal(columns: 80)
        #expect(terminal.screen.line(0) == "movies>")
        #expect(terminal.screen.cursor == (0, 8))
        terminal.type(.text("list"))
        #expect(terminal.screen.line(0) == "movies> list")
        #expect(terminal.screen.cursor == (0, 12))
        terminal.type(.left, .left)
        #expect(terminal.screen.cursor == (0, 10))
        terminal.type(.backspace)
        #expect(terminal.screen.line(0) == "movies> lst")
        #expect(terminal.screen.cursor == (0, 9))
        #expect(terminal.screen.unknownSequences.isEmpty)
    }

    @Test func outputArrivingMidLineGoesAboveAndTheLineComesBack() {
        var terminal = Terminal(columns: 80)
        terminal.type(.text("lis"))
        terminal.output("Loading movies…\r\n")
        #expect(terminal.screen.lines.prefix(3) == ["Loading movies…", "movies> lis", ""])
        #expect(terminal.screen.cursor == (1, 11))
        terminal.type(.text("t"), .left, .left)
        terminal.output("  1. Alien (1979)\r\nLoaded 1 movie.\r\n")
        #expect(
            terminal.screen.lines.prefix(5) == [
                "Loading movies…", "  1. Alien (1979)", "Loaded 1 movie.", "movies> list", "",
            ])
        #expect(terminal.screen.cursor == (3, 10), "the cursor is where it was in the text")
        #expect(terminal.editor.text == "list")
        #expect(terminal.screen.unknownSequences.isEmpty)
    }

    /// The prompt and the text cut into rows of `width`, as a terminal wraps plain ASCII.
    private func rows(_ text: String, width: Int) -> [String] {
        var rows: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            var row = String(rest.prefix(width))
            rest = rest.dropFirst(width)
            while row.last == " " { row.removeLast() }
            rows.append(row)
        }
        return rows
    }

    @Test(arguments: [10, 20, 80])
    func aLongLineWrapsAndTheCursorFollowsIt(width: Int) {
        let typed = #"insert "Blade Runner" 1982 2 # a comment"#
        let shown = Terminal.prompt + typed
        var terminal = Terminal(rows: 8, columns: width)
        terminal.type(.text(typed))
        let expected = rows(shown, width: width)
        #expect(Array(terminal.screen.lines.prefix(expected.count)) == expected)
        #expect(terminal.screen.cursor == (shown.count / width, shown.count % width))

        terminal.type(.home)
        #expect(terminal.screen.cursor == (0, 8))
        for offset in 1...typed.count {
            terminal.type(.right)
            let cell = Terminal.prompt.count + offset
            #expect(terminal.screen.cursor == (cell / width, cell % width), "offset \(offset)")
        }
        terminal.output("refreshed\r\n")
        #expect(terminal.screen.line(0) == "refreshed")
        #expect(Array(terminal.screen.lines.dropFirst().prefix(expected.count)) == expected)
        #expect(terminal.screen.unknownSequences.isEmpty)
    }

    @Test func aLineEndingAtTheRightMarginPutsTheCursorOnTheNextRow() {
        var terminal = Terminal(columns: 10)
        terminal.type(.text("ab"))
        #expect(terminal.screen.lines.prefix(3) == ["movies> ab", "", ""])
        #expect(terminal.screen.cursor == (1, 0))
        #expect(!terminal.screen.isWrapPending)
        terminal.type(.text("c"))
        #expect(terminal.screen.lines.prefix(2) == ["movies> ab", "c"])
        #expect(terminal.screen.cursor == (1, 1))
        terminal.type(.backspace)
        #expect(terminal.screen.lines.prefix(2) == ["movies> ab", ""])
        #expect(terminal.screen.cursor == (1, 0))
        terminal.type(.backspace)
        #expect(terminal.screen.lines.prefix(2) == ["movies> a", ""])
        #expect(terminal.screen.cursor == (0, 9))
        terminal.type(.text("b"))
        terminal.output("x\r\n")
        #expect(terminal.screen.lines.prefix(3) == ["x", "movies> ab", ""])
        #expect(terminal.screen.cursor == (2, 0))
    }

    @Test func aWideCharacterThatDoesNotFitStartsTheNextRow() {
        var terminal = Terminal(columns: 10)
        terminal.type(.text("a漢字"))
        #expect(terminal.screen.lines.prefix(2) == ["movies> a", "漢字"])
        #expect(terminal.screen.cursor == (1, 4))
        terminal.type(.left)
        #expect(terminal.screen.cursor == (1, 2))
        terminal.type(.left)
        #expect(terminal.screen.cursor == (1, 0), "on the 漢, at the start of its row")
        terminal.type(.left)
        #expect(terminal.screen.cursor == (0, 8))
        terminal.type(.text("😀"))
        #expect(terminal.screen.lines.prefix(2) == ["movies> 😀", "a漢字"])
        #expect(terminal.screen.cursor == (1, 0), "the cursor on the a, which moved down")
    }

    @Test func cursorPlacementCountsCellsNotCharacters() {
        var terminal = Terminal(columns: 80)
        terminal.type(.text("漢字😀e\u{301}x"), .left)
        #expect(terminal.screen.line(0) == "movies> 漢字😀e\u{301}x")
        #expect(terminal.screen.cursor == (0, 15))
        terminal.type(.left)
        #expect(terminal.screen.cursor == (0, 14))
        terminal.type(.left)
        #expect(terminal.screen.cursor == (0, 12))
    }

    /// Terminals advance per scalar: a spacing mark takes a cell of its own, a skin tone two; a
    /// line of them wraps where the terminal wraps it, and the cursor lands on each character.
    @Test func spacingMarksAndSkinTonesTakeTheirOwnCells() {
        var terminal = Terminal(columns: 12)
        terminal.type(.text("कि👍🏽x"), .left)
        #expect(terminal.screen.lines.prefix(2) == ["movies> कि👍", "🏽x"])
        #expect(terminal.screen.cursor == (1, 2), "on the x, after the skin tone's two cells")
        terminal.type(.left)
        #expect(terminal.screen.cursor == (0, 10), "on the thumb, after कि's two cells")
        terminal.type(.left)
        #expect(terminal.screen.cursor == (0, 8))
        terminal.type(.end, .text("y"))
        #expect(terminal.screen.lines.prefix(2) == ["movies> कि👍", "🏽xy"])
        #expect(terminal.screen.cursor == (1, 4))
    }

    @Test func typedControlsAndBidiOverridesAreShownEscaped() {
        var terminal = Terminal(columns: 80)
        terminal.type(.text("a\u{202E}b\u{1B}c"), .left)
        #expect(terminal.screen.line(0) == #"movies> a\u{202E}b\u{1B}c"#)
        #expect(terminal.screen.cursor == (0, 24))
        terminal.type(.left)
        #expect(terminal.screen.cursor == (0, 18), "before the escape's backslash")
        #expect(terminal.screen.unknownSequences.isEmpty, "nothing raw reached the terminal")
    }

    @Test func shorteningALineClearsTheRowsItNoLongerUses() {
        var terminal = Terminal(columns: 10)
        terminal.type(.text(String(repeating: "x", count: 25)))
        #expect(
            terminal.screen.lines.prefix(4) == ["movies> xx", "xxxxxxxxxx", "xxxxxxxxxx", "xxx"])
        terminal.type(.left, .left, .left, .left, .left, .left, .control(.k))
        #expect(terminal.screen.lines.prefix(4) == ["movies> xx", "xxxxxxxxxx", "xxxxxxx", ""])
        terminal.type(.control(.u))
        #expect(terminal.screen.lines.prefix(4) == ["movies>", "", "", ""])
        #expect(terminal.screen.cursor == (0, 8))
    }

    @Test func redrawingTouchesOnlyTheInputLinesRows() {
        var terminal = Terminal(columns: 10)
        terminal.output("one\r\ntwo\r\n")
        terminal.type(.text("abcdefgh"))
        terminal.screen.resetDamage()
        terminal.type(.home, .text("z"))
        #expect(terminal.screen.touchedRows.isSubset(of: [2, 3, 4, 5]))
        #expect(terminal.screen.touchedRows.contains(2) && terminal.screen.touchedRows.contains(3))
        #expect(terminal.screen.shiftedRows.isEmpty)
        #expect(terminal.screen.lines.prefix(4) == ["one", "two", "movies> za", "bcdefgh"])
    }

    @Test func finishLeavesTheLineAndMovesBelowIt() {
        var terminal = Terminal(columns: 10)
        terminal.type(.text("list 12345678"), .home)
        #expect(terminal.screen.cursor == (0, 8))
        terminal.send(terminal.renderer.finish(width: 10))
        #expect(terminal.screen.cursor == (3, 0))
        #expect(terminal.screen.lines.prefix(3) == ["movies> li", "st 1234567", "8"])
        terminal.screen.feed("output\r\n")
        terminal.renderer = InputLineRenderer()
        terminal.editor = LineEditor(commandNames: [])
        terminal.draw()
        #expect(
            terminal.screen.lines.prefix(5) == [
                "movies> li", "st 1234567", "8", "output", "movies>",
            ])

        var atMargin = Terminal(columns: 10)
        atMargin.type(.text("ab"))
        atMargin.send(atMargin.renderer.finish(width: 10))
        #expect(atMargin.screen.cursor == (1, 0), "no blank row after a line that filled its row")
        #expect(TerminalText.escaped(atMargin.renderer.finish(width: 10)) == "", "nothing drawn")
        #expect(TerminalText.escaped(atMargin.renderer.erase(width: 10)) == "")
    }

    @Test func afterTheScreenIsClearedTheLineStartsAtTheTop() {
        var terminal = Terminal(columns: 10)
        terminal.output("one\r\ntwo\r\n")
        terminal.type(.text("abcdefghijk"))
        terminal.screen.feed("\u{1B}[H\u{1B}[2J")
        terminal.renderer.forget()
        terminal.draw()
        #expect(terminal.screen.lines.prefix(4) == ["movies> ab", "cdefghijk", "", ""])
        #expect(terminal.screen.cursor == (1, 9))
    }

    @Test func narrowingTheWindowRedrawsTheLineExactly() {
        var terminal = Terminal(columns: 40)
        terminal.output("above\r\n")
        terminal.type(.text("insert Heat 1995"))
        #expect(terminal.screen.line(1) == "movies> insert Heat 1995")
        terminal.screen.resize(rows: 6, columns: 10)
        terminal.draw()
        #expect(
            terminal.screen.lines.prefix(5) == ["above", "movies> in", "sert Heat", "1995", ""])
        #expect(terminal.screen.cursor == (3, 4))
    }

    @Test func wideningTheWindowNeverErasesTheOutputAbove() {
        var terminal = Terminal(columns: 10)
        terminal.output("above\r\n")
        terminal.type(.text("insert Heat 1995"))
        #expect(terminal.screen.lines.prefix(4) == ["above", "movies> in", "sert Heat", "1995"])
        terminal.screen.resize(rows: 6, columns: 40)
        terminal.draw()
        // This model, like xterm, does not re-wrap: the renderer cannot tell, so it redraws from
        // the row it can be sure of, and the line's old first rows stay above as a stale copy.
        #expect(terminal.screen.line(0) == "above")
        let last = terminal.screen.lines.lastIndex { !$0.isEmpty }
        #expect(last.map { terminal.screen.line($0) } == "movies> insert Heat 1995")
        #expect(terminal.screen.cursor.column == 24)
        terminal.output("more\r\n")
        #expect(terminal.screen.line(0) == "above")
        #expect(terminal.screen.lines.contains("more"))
        #expect(terminal.screen.unknownSequences.isEmpty)
    }

    @Test func finishAfterAResizeRedrawsFirst() {
        var terminal = Terminal(columns: 40)
        terminal.type(.text("insert Heat 1995"), .home)
        terminal.screen.resize(rows: 6, columns: 10)
        terminal.send(terminal.renderer.finish(width: 10))
        #expect(terminal.screen.lines.prefix(4) == ["movies> in", "sert Heat", "1995", ""])
        #expect(terminal.screen.cursor == (3, 0))
    }
}
