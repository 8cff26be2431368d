// The terminal-screen model the terminal tests trust: text, wrapping, wide and zero-width
// characters, every sequence it knows with its effect on the grid and the cursor, damage
// tracking, and that everything else is recorded as unknown instead of being drawn.

import MoviesTestSupport
import Testing

@Suite("TerminalScreen")
struct TerminalScreenTests {
    private func screen(rows: Int = 5, columns: Int = 10, _ text: String) -> TerminalScreen {
        var screen = TerminalScreen(rows: rows, columns: columns)
        screen.feed(text)
        return screen
    }

    private func rowsFilled(_ count: Int, columns: Int = 10) -> TerminalScreen {
        let text = (0..<count).map { "r\($0)" }.joined(separator: "\r\n")
        return screen(rows: count, columns: columns, text)
    }

    // MARK: Text and controls

    @Test func textCarriageReturnAndLineFeed() {
        let screen = screen("hello\r\nworld")
        #expect(screen.lines == ["hello", "world", "", "", ""])
        #expect(screen.cursor == (1, 5))
        #expect(screen.unknownSequences.isEmpty)
    }

    @Test func lineFeedAloneKeepsTheColumn() {
        let screen = screen("ab\ncd")
        #expect(screen.lines.prefix(2) == ["ab", "  cd"])
    }

    @Test func theWrapIsDeferredAtTheRightMargin() {
        var screen = screen("0123456789")
        #expect(screen.cursor == (0, 9))
        #expect(screen.isWrapPending)
        screen.feed("a")
        #expect(screen.lines.prefix(2) == ["0123456789", "a"])
        #expect(screen.cursor == (1, 1))
    }

    @Test func carriageReturnAtThePendingWrapStaysOnTheRow() {
        let screen = screen("0123456789\r\n")
        #expect(screen.lines.prefix(2) == ["0123456789", ""])
        #expect(screen.cursor == (1, 0), "no blank row in between")
    }

    @Test func erasingAtThePendingWrapErasesTheLastCell() {
        let screen = screen("0123456789\u{1B}[K")
        #expect(screen.line(0) == "012345678")
        #expect(!screen.isWrapPending)
    }

    @Test func textAtTheBottomScrollsTheScreen() {
        let screen = screen(rows: 3, "a\r\nb\r\nc\r\nd")
        #expect(screen.lines == ["b", "c", "d"])
        #expect(screen.cursor == (2, 1))
    }

    @Test func backspaceTabAndBell() {
        let screen = screen("ab\u{8}c\td\u{7}\u{7}")
        #expect(screen.line(0) == "ac      d")
        #expect(screen.bells == 2)
        #expect(screen.cursor == (0, 9))
    }

    @Test func sgrIsAcceptedAndIgnored() {
        let screen = screen(
            "\u{1B}[1;31mred\u{1B}[0m \u{1B}[38:5:1mx\u{1B}[38;5;7;48;2;7;7;7my\u{1B}[m")
        #expect(screen.line(0) == "red xy")
        #expect(screen.reversedRows.isEmpty, "colour 7 is no reverse video")
        #expect(screen.unknownSequences.isEmpty)
    }

    /// Reverse video is kept per cell: from SGR 7 to SGR 27 or a reset; erasing leaves plain
    /// blank cells, overwriting takes the rendition of the moment, and DECSC saves it.
    @Test func reverseVideoIsKeptPerCell() {
        var screen = screen("a\u{1B}[7mbc\u{1B}[27md\r\n\u{1B}[1;7m漢\u{1B}[mx\u{1B}[7;0my")
        #expect(screen.lines.prefix(2) == ["abcd", "漢xy"])
        #expect(screen.reversedText(row: 0) == "bc")
        #expect(screen.reversedText(row: 1) == "漢", "both halves of a wide character")
        #expect(screen.cell(row: 1, column: 1)?.isReversed == true)
        #expect(screen.reversedRows == [0, 1])
        screen.feed("\u{1B}[1;2H\u{1B}[K\u{1B}[2;3Hz")
        #expect(screen.reversedRows == [1], "erased cells are plain; z is written plain")
        screen.feed("\u{1B}[7m\u{1B}7\u{1B}[m\u{1B}8q")
        #expect(screen.reversedText(row: 1) == "漢q", "DECRC brought reverse video back")
        #expect(screen.unknownSequences.isEmpty)
    }

    // MARK: Wide and zero-width characters

    @Test func wideCharactersTakeTwoCells() throws {
        let screen = screen("漢字😀a")
        #expect(screen.line(0) == "漢字😀a")
        #expect(screen.cursor == (0, 7))
        let first = try #require(screen.cell(row: 0, column: 0))
        #expect(first.isWide && first.text == "漢")
        #expect(screen.cell(row: 0, column: 1)?.text == "")
    }

    @Test func aWideCharacterThatDoesNotFitMovesToTheNextRow() {
        let screen = screen(columns: 5, "abcd漢")
        #expect(screen.lines.prefix(2) == ["abcd", "漢"])
        #expect(screen.cursor == (1, 2))
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var screen = screen("漢字")
        screen.feed("\ra")
        #expect(screen.line(0) == "a 字")
        screen.feed("\u{1B}[1;4Hb")
        #expect(screen.line(0) == "a  b")
    }

    /// Per scalar, as xterm and VTE advance the cursor: only zero-width scalars share a cell.
    @Test(
        arguments: [
            ("e\u{301}x", 2, "combining accent"),
            ("👨\u{200D}👩\u{200D}👧x", 7, "zero-width joiner sequence: each member's two cells"),
            ("🇫🇷x", 3, "flag: two regional indicators of one cell"),
            ("👍🏽x", 5, "skin tone: a wide modifier"),
            ("❤\u{FE0F}x", 2, "variation selector"),
            ("क\u{94D}षx", 3, "Devanagari conjunct: the virama shares a cell"),
            ("कि\u{A9C0}x", 4, "spacing marks take a cell each"),
            ("\u{200B}x", 1, "zero-width space at the start of a row: dropped"),
        ] as [(HostileText, Int, String)])
    func zeroWidthScalarsDrawOnTheCellBefore(text: HostileText, cursor: Int, what: String) {
        let screen = screen(text.text)
        #expect(screen.cursor.column == cursor, "\(what)")
        #expect(screen.line(0).hasSuffix("x"))
        #expect(screen.unknownSequences.isEmpty)
    }

    @Test func textSplitInsideACharacterOrASequence() {
        var screen = TerminalScreen(rows: 3, columns: 10)
        for byte in Array("漢\u{1B}[2;3Hé".utf8) {
            screen.feed([byte])
        }
        #expect(screen.lines == ["漢", "  é", ""])
        #expect(screen.unknownSequences.isEmpty)
    }

    // MARK: Cursor movement

    @Test func cursorMovementsAndTheirLimits() {
        var screen = screen("\u{1B}[3;4H")
        #expect(screen.cursor == (2, 3))
        screen.feed("\u{1B}[A")
        #expect(screen.cursor == (1, 3))
        screen.feed("\u{1B}[2B\u{1B}[3C")
        #expect(screen.cursor == (3, 6))
        screen.feed("\u{1B}[4D")
        #expect(screen.cursor == (3, 2))
        screen.feed("\u{1B}[8G")
        #expect(screen.cursor == (3, 7))
        screen.feed("\u{1B}[1d")
        #expect(screen.cursor == (0, 7))
        screen.feed("\u{1B}[99A\u{1B}[99D")
        #expect(screen.cursor == (0, 0))
        screen.feed("\u{1B}[99B\u{1B}[99C")
        #expect(screen.cursor == (4, 9))
        screen.feed("\u{1B}[0;0f")
        #expect(screen.cursor == (0, 0))
        screen.feed("\u{1B}[H")
        #expect(screen.cursor == (0, 0))
        #expect(screen.unknownSequences.isEmpty)
    }

    @Test func saveAndRestoreCursor() {
        let screen = screen("ab\u{1B}7\r\n\r\nxy\u{1B}8c")
        #expect(screen.lines.prefix(3) == ["abc", "", "xy"])
        #expect(screen.cursor == (0, 3))
    }

    // MARK: Erasing

    /// Arguments are the part after `ESC [`, so that a listing of test cases prints no escapes.
    @Test(
        arguments: [
            ("K", ["abcdefghij", "abc", "abcdefghij"]),
            ("0K", ["abcdefghij", "abc", "abcdefghij"]),
            ("1K", ["abcdefghij", "    efghij", "abcdefghij"]),
            ("2K", ["abcdefghij", "", "abcdefghij"]),
            ("J", ["abcdefghij", "abc", ""]),
            ("1J", ["", "    efghij", "abcdefghij"]),
            ("2J", ["", "", ""]),
            ("3J", ["abcdefghij", "abcdefghij", "abcdefghij"]),
        ] as [(String, [String])])
    func erase(sequence: String, expected: [String]) {
        var screen = TerminalScreen(rows: 3, columns: 10)
        screen.feed("abcdefghij\r\nabcdefghij\r\nabcdefghij\u{1B}[2;4H")
        screen.resetDamage()
        screen.feed("\u{1B}[" + sequence)
        #expect(screen.lines == expected)
        #expect(screen.cursor == (1, 3), "erasing never moves the cursor")
        #expect(screen.unknownSequences.isEmpty)
    }

    // MARK: Lines, scrolling and damage

    @Test func insertLineMovesTheRestDownAndTouchesOnlyTheNewRow() {
        var screen = rowsFilled(6)
        screen.resetDamage()
        screen.feed("\u{1B}[3;5H\u{1B}[L")
        #expect(screen.lines == ["r0", "r1", "", "r2", "r3", "r4"])
        #expect(screen.cursor == (2, 0))
        screen.feed("new")
        #expect(screen.line(2) == "new")
        #expect(screen.touchedRows == [2])
        #expect(screen.shiftedRows == [3, 4, 5])
    }

    @Test func deleteLineMovesTheRestUpAndBlanksTheBottom() {
        var screen = rowsFilled(6)
        screen.resetDamage()
        screen.feed("\u{1B}[2H\u{1B}[2M")
        #expect(screen.lines == ["r0", "r3", "r4", "r5", "", ""])
        #expect(screen.touchedRows == [4, 5])
        #expect(screen.shiftedRows == [1, 2, 3])
    }

    @Test func theScrollRegionKeepsRowsOutsideItInPlace() {
        var screen = rowsFilled(6)
        screen.feed("\u{1B}[2;4r")
        #expect(screen.cursor == (0, 0), "setting the region homes the cursor")
        #expect(screen.scrollRegion == 1...3)
        screen.resetDamage()
        screen.feed("\u{1B}[4Hx\n")
        #expect(screen.lines == ["r0", "r2", "x3", "", "r4", "r5"])
        #expect(screen.touchedRows == [3])
        #expect(screen.shiftedRows == [1, 2])
        screen.feed("\u{1B}[5H\u{1B}[L")
        #expect(screen.lines == ["r0", "r2", "x3", "", "r4", "r5"], "IL outside the region")
    }

    @Test func scrollUpAndDown() {
        var screen = rowsFilled(4)
        screen.feed("\u{1B}[2S")
        #expect(screen.lines == ["r2", "r3", "", ""])
        screen.feed("\u{1B}[T")
        #expect(screen.lines == ["", "r2", "r3", ""])
    }

    // MARK: Modes

    @Test func theAlternateScreenKeepsTheMainScreenAndCursor() {
        var screen = screen("main\r\nmore")
        screen.feed("\u{1B}[?1049h")
        #expect(screen.isAlternateScreen)
        #expect(screen.lines.allSatisfy { $0.isEmpty })
        screen.feed("\u{1B}[Halt")
        #expect(screen.line(0) == "alt")
        screen.feed("\u{1B}[?1049l")
        #expect(!screen.isAlternateScreen)
        #expect(screen.lines.prefix(2) == ["main", "more"])
        #expect(screen.cursor == (1, 4))
    }

    @Test func privateModesAreRecorded() {
        var screen = screen("\u{1B}[?25l\u{1B}[?2004h")
        #expect(!screen.isCursorVisible && screen.isBracketedPasteEnabled)
        screen.feed("\u{1B}[?25h\u{1B}[?2004l")
        #expect(screen.isCursorVisible && !screen.isBracketedPasteEnabled)
        #expect(screen.unknownSequences.isEmpty)
    }

    @Test func withoutAutowrapTextOverwritesTheLastCell() {
        let screen = screen("\u{1B}[?7l0123456789abc")
        #expect(screen.lines.prefix(2) == ["012345678c", ""])
        #expect(!screen.isAutowrapEnabled)
    }

    // MARK: Resizing

    @Test func resizingCutsAndAddsWithoutRewrapping() {
        var screen = screen(rows: 4, "0123456789\r\nab\r\ncd\r\nef")
        screen.resize(rows: 2, columns: 5)
        #expect(screen.lines == ["cd", "ef"], "the cursor's row stays on the screen")
        #expect(screen.cursor == (1, 2))
        screen.resize(rows: 3, columns: 8)
        #expect(screen.lines == ["cd", "ef", ""])
        #expect(screen.scrollRegion == 0...2)
    }

    @Test func resizingThroughAWideCharacterBlanksIt() {
        var screen = screen("abcd漢")
        screen.resize(rows: 5, columns: 5)
        #expect(screen.line(0) == "abcd")
    }

    // MARK: What the model does not know

    @Test(
        arguments: [
            [0x1B, 0x5B, 0x3F, 0x31, 0x68],  // ESC [ ? 1 h: application cursor keys
            [0x1B, 0x5B, 0x34, 0x68],  // ESC [ 4 h: insert mode
            [0x1B, 0x5B, 0x3E, 0x63],  // ESC [ > c: secondary device attributes
            [0x1B, 0x5B, 0x32, 0x40],  // ESC [ 2 @: insert characters
            [0x1B, 0x4D],  // ESC M: reverse index
            [0x1B, 0x28, 0x42],  // ESC ( B: character set
            [0x1B, 0x5D, 0x30, 0x3B, 0x74, 0x07],  // OSC 0 ; t BEL: window title
            [0x1B, 0x5D, 0x38, 0x3B, 0x3B, 0x1B, 0x5C],  // OSC 8 ;; ST: hyperlink
            [0x1B, 0x5B, 0x31, 0x0D],  // CSI interrupted by CR: malformed
            [0x0B],  // VT
            [0x0E],  // SO
            [0x7F],  // DEL
            [0xC2, 0x9B],  // U+009B CSI as UTF-8
            [0xE2, 0x80, 0xAE],  // U+202E right-to-left override, raw
            [0xFF],  // never valid in UTF-8
            [0xC3, 0x28],  // a cut-short character
            [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
        ] as [[UInt8]])
    func unknownBytesAreRecordedAndNeverDrawn(bytes: [UInt8]) {
        var screen = TerminalScreen(rows: 2, columns: 20)
        screen.feed(bytes)
        screen.feed("ok")
        #expect(screen.unknownSequences.count == 1, "\(screen.unknownSequences)")
        #expect(screen.line(0).hasSuffix("ok"))
        #expect(!screen.line(0).contains("t"), "nothing of the sequence is drawn")
        #expect(screen.unknownSequences.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
    }

    @Test func anOverlongSequenceIsSkippedWhole() {
        var screen = TerminalScreen(rows: 2, columns: 20)
        screen.feed("\u{1B}[" + String(repeating: "1;", count: 100) + "mok")
        #expect(screen.line(0) == "ok")
        #expect(screen.unknownSequences.count == 1)
    }

    @Test func theDumpNumbersRowsAndShowsTheCursor() {
        let screen = screen(rows: 2, columns: 4, "ab\u{1B}[?9h\r\n\u{1B}[7mc")
        #expect(
            screen.dump == """
                screen 2x4, cursor row 1 column 1
                 0 |ab|
                 1 |c|
                reverse video: rows 1
                unknown: ESC [ ? 9 h

                """)
    }
}
