// Cells on a terminal, per scalar as terminals advance the cursor: narrow, wide, zero-width and
// spacing marks in several scripts, the margin for terminals that draw wider, cutting text to a
// width with `…` without splitting a character, wrapping, the generated tables' shape, and
// agreement with the terminal-screen model's own width table, scalar by scalar.

import MoviesTestSupport
import Testing

@testable import SystemBoundary
@testable import TerminalIO

@Suite("DisplayWidth")
struct DisplayWidthTests {
    /// Characters and their cells by wcwidth's rules, summed over their scalars.
    static let characters: [(HostileText, Int, String)] = [
        ("a", 1, "ASCII"),
        ("é", 1, "precomposed accent"),
        ("e\u{301}", 1, "letter and combining accent"),
        ("\u{301}", 0, "a combining accent alone"),
        ("漢", 2, "CJK ideograph"),
        ("한", 2, "Hangul syllable"),
        ("\u{1100}\u{1161}\u{11A8}", 2, "Hangul from conjoining jamo"),
        ("Ａ", 2, "fullwidth Latin"),
        ("カ", 2, "katakana"),
        ("ｶ", 1, "halfwidth katakana"),
        ("😀", 2, "emoji"),
        ("👍🏽", 4, "emoji with skin tone: the modifier is wide too"),
        ("👨\u{200D}👩\u{200D}👧", 6, "family: each member, the joiners none"),
        ("👩🏽\u{200D}🚀", 6, "astronaut: woman, skin tone, joiner, rocket"),
        ("🏳\u{FE0F}\u{200D}🌈", 3, "rainbow flag: a narrow flag, VS16, joiner, rainbow"),
        ("🇫🇷", 2, "flag: two regional indicators of one cell"),
        ("❤\u{FE0F}", 1, "narrow symbol with VS16 stays narrow"),
        ("\u{200B}", 0, "zero-width space"),
        ("→", 1, "arrow"),
        ("…", 1, "ellipsis"),
        ("क\u{94D}ष", 2, "Devanagari conjunct: consonant, virama, consonant"),
        ("कि", 2, "Devanagari vowel sign I: a spacing mark"),
        ("กำ", 2, "Thai sara am: a letter"),
        ("நீ", 1, "Tamil vowel sign II: a nonspacing mark"),
        ("\u{A9C0}", 1, "Javanese pangkon: a spacing mark"),
    ]

    @Test(arguments: characters)
    func characterWidths(text: HostileText, cells: Int, what: String) {
        #expect(text.text.count == 1, "one character")
        #expect(DisplayWidth.of(text.text) == cells, "\(what)")
    }

    @Test func stringWidthIsTheSumOfItsScalars() {
        #expect(DisplayWidth.of("movies> ") == 8)
        #expect(DisplayWidth.of("千と千尋の神隠し (2001)") == 23)
        #expect(DisplayWidth.of(TerminalText.escaped("a\u{202E}b")) == 10)
        #expect(DisplayWidth.of("") == 0)
        // As tmux draws it: 28 cells, where counting characters says 24.
        #expect(DisplayWidth.of("दिलवाले दुल्हनिया ले जाएंगे (1995)") == 28)
        #expect(DisplayWidth.of(String(repeating: "\u{A9C0}", count: 480)) == 480)
    }

    /// Scalars some terminals draw a cell wider: VS16, regional indicators, and what Unicode
    /// has not assigned in the tables' version.
    @Test(
        arguments: [
            ("Alien", 5), ("漢字", 4), ("e\u{301}", 1), ("❤\u{FE0F}", 2), ("🇫🇷", 4),
            ("\u{378}", 2), ("🏳\u{FE0F}\u{200D}🌈", 4),
        ] as [(HostileText, Int)])
    func atMostCountsTheCellsSomeTerminalsAdd(text: HostileText, cells: Int) {
        #expect(DisplayWidth.atMost(text.text) == cells)
    }

    static let truncations: [(HostileText, Int, HostileText)] = [
        ("Alien", 10, "Alien"),
        ("Alien", 5, "Alien"),
        ("Alien", 4, "Ali…"),
        ("Alien", 1, "…"),
        ("Alien", 0, ""),
        ("Alien", -3, ""),
        ("漢字漢字", 8, "漢字漢字"),
        ("漢字漢字", 7, "漢字漢…"),
        ("漢字漢字", 6, "漢字…"),
        ("漢字漢字", 2, "…"),
        ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
        ("👨\u{200D}👩\u{200D}👧👨\u{200D}👩\u{200D}👧", 7, "👨\u{200D}👩\u{200D}👧…"),
        ("👍🏽👍🏽", 5, "👍🏽…"),
        ("❤\u{FE0F}❤\u{FE0F}❤\u{FE0F}", 5, "❤\u{FE0F}❤\u{FE0F}…"),
        ("दिलवाले दुल्हनिया ले जाएंगे", 19, "दिलवाले दुल्हनिया ले …"),
        ("กำกำกำ", 5, "กำกำ…"),
    ]

    @Test(arguments: truncations)
    func truncation(text: HostileText, limit: Int, expected: HostileText) {
        let cut = DisplayWidth.truncated(text.text, toCells: limit)
        #expect(cut == expected.text)
        #expect(DisplayWidth.atMost(cut) <= max(limit, 0))
    }

    /// One character of 480 spacing marks (they extend a cluster) is wider than any window: it
    /// is left out whole rather than split.
    @Test func aCharacterWiderThanTheLimitIsLeftOutWhole() {
        let marks = String(repeating: "\u{A9C0}", count: 480)
        #expect(marks.count == 1)
        #expect(DisplayWidth.truncated(marks, toCells: 20) == "…")
        // The marks extend the `b` before them: `b` and its 480 marks are one character.
        #expect(DisplayWidth.truncated("ab" + marks, toCells: 20) == "a…")
    }

    @Test func wrappingKeepsEachPieceWithinTheCellsAndSplitsOnlyATooWideCharacter() {
        #expect(DisplayWidth.wrapped("", toCells: 4) == [""])
        #expect(DisplayWidth.wrapped("abcdefghij", toCells: 4) == ["abcd", "efgh", "ij"])
        #expect(DisplayWidth.wrapped("漢字漢字漢", toCells: 5) == ["漢字", "漢字", "漢"])
        #expect(DisplayWidth.wrapped("🇫🇷🇫🇷", toCells: 5) == ["🇫🇷", "🇫🇷"])
        let marks = String(repeating: "\u{A9C0}", count: 10)
        let pieces = DisplayWidth.wrapped("x " + marks, toCells: 4)
        #expect(pieces.joined() == "x " + marks)
        #expect(pieces.allSatisfy { DisplayWidth.atMost($0) <= 4 }, "\(pieces.map(\.count))")
    }

    /// The generated tables are sorted, non-overlapping pairs, and say which version they are.
    @Test func theTablesAreSortedRangesOfAStatedVersion() {
        #expect(DisplayWidthTables.unicodeVersion == "14.0.0")
        for table in [
            DisplayWidthTables.zeroWidth, DisplayWidthTables.wide, DisplayWidthTables.mayBeWider,
        ] {
            #expect(table.count % 2 == 0 && table.count > 100)
            let ordered = zip(table, table.dropFirst()).enumerated().allSatisfy { index, pair in
                index % 2 == 0 ? pair.0 <= pair.1 : pair.0 + 1 < pair.1
            }
            #expect(ordered)
        }
    }

    /// The marks and format characters are zero-width by the tables exactly where this Swift's
    /// own Unicode properties say so (scalars the tables' version has not assigned aside): an
    /// oracle that is not the generator.
    @Test func zeroWidthScalarsAreTheMarksAndFormatCharacters() {
        var disagreements: [String] = []
        for value in UInt32(0x300)...0x1_FFFF {
            guard let scalar = Unicode.Scalar(value), DisplayWidth.margin(of: scalar) == 0 else {
                continue
            }
            let category = scalar.properties.generalCategory
            let isMarkOrFormat =
                category == .nonspacingMark || category == .enclosingMark || category == .format
            // glibc's exceptions: the prepended concatenation marks take a cell; Hangul medial
            // vowels and final consonants take none.
            let isException =
                (0x600...0x605).contains(value)
                || [0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD, 0x110CD]
                    .contains(value)
            let isJamo = (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value)
            // A nonspacing mark in Unicode 14 that Unicode 15 made a spacing mark.
            let isRecategorized = value == 0x1171E
            let expected = (isMarkOrFormat && !isException) || isJamo || isRecategorized
            if (DisplayWidth.of(scalar) == 0) != expected {
                disagreements.append("U+" + String(value, radix: 16, uppercase: true))
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
    }

    /// The app's widths (generated tables) and the model's (a table of its own) agree on every
    /// assigned scalar in the blocks the tests draw, so tests on the model check what a terminal
    /// would show.
    @Test func agreesWithTheScreenModel() {
        let blocks: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0x36F, 0x900...0x97F, 0xB80...0xBFF, 0xE00...0xE7F,
            0x1100...0x11FF, 0x2000...0x2BFF, 0x2E80...0x303F, 0x3040...0x30FF, 0xA980...0xA9DF,
            0xAC00...0xAC20, 0xFE00...0xFE6F, 0xFF00...0xFFEF, 0x1F000...0x1FAFF,
        ]
        var disagreements: [String] = []
        for value in blocks.joined() {
            guard let scalar = Unicode.Scalar(value),
                scalar.properties.generalCategory != .unassigned,
                DisplayWidth.margin(of: scalar) == 0,
                !TerminalText.isUnsafe(scalar)
            else { continue }
            var screen = TerminalScreen(rows: 2, columns: 10)
            screen.feed("a")
            screen.feed(String(scalar))
            let modelCells = screen.cursor.column - 1
            let appCells = DisplayWidth.of(scalar)
            if modelCells != appCells {
                disagreements.append(
                    "U+\(String(value, radix: 16)) app \(appCells) model \(modelCells)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(40))")
    }
}
