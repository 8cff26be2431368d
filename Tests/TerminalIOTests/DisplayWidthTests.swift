// Cells on a terminal: narrow, wide and zero-width characters, cutting text to a width with `…`
// without splitting a character, and agreement with the terminal-screen model's own width table,
// character by character.

import MoviesTestSupport
import Testing

@testable import SystemBoundary
@testable import TerminalIO

@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test(arguments: [
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
        ("👍🏽", 2, "emoji with skin tone"),
        ("👨\u{200D}👩\u{200D}👧", 2, "family: emoji joined by ZWJ"),
        ("🇫🇷", 2, "flag"),
        ("❤\u{FE0F}", 1, "narrow symbol with VS16 stays narrow"),
        ("\u{200B}", 0, "zero-width space"),
        ("→", 1, "arrow"),
        ("…", 1, "ellipsis"),
    ])
    func characterWidths(text: HostileText, cells: Int, what: String) throws {
        let character = try #require(text.text.first)
        #expect(text.text.count == 1, "one character")
        #expect(DisplayWidth.of(character) == cells, "\(what)")
    }

    @Test func stringWidthIsTheSumOfItsCharacters() {
        #expect(DisplayWidth.of("movies> ") == 8)
        #expect(DisplayWidth.of("千と千尋の神隠し (2001)") == 23)
        #expect(DisplayWidth.of(TerminalText.escaped("a\u{202E}b")) == 10)
        #expect(DisplayWidth.of("") == 0)
    }

    @Test(arguments: [
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
        ("👨\u{200D}👩\u{200D}👧👨\u{200D}👩\u{200D}👧", 3, "👨\u{200D}👩\u{200D}👧…"),
    ])
    func truncation(text: HostileText, limit: Int, expected: HostileText) {
        let cut = DisplayWidth.truncated(text.text, toCells: limit)
        #expect(cut == expected.text)
        #expect(DisplayWidth.of(cut) <= max(limit, 0))
    }

    /// The app's widths (Unicode properties plus a table) and the model's (a table of its own)
    /// agree on every assigned scalar in the blocks where widths differ, so tests on the model
    /// check what a terminal would show.
    @Test func agreesWithTheScreenModel() {
        let blocks: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0x36F, 0x1100...0x11FF, 0x2000...0x2BFF, 0x2E80...0x303F,
            0x3040...0x30FF, 0xAC00...0xAC20, 0xFE00...0xFE6F, 0xFF00...0xFFEF,
            0x1F000...0x1FAFF,
        ]
        var disagreements: [String] = []
        for value in blocks.joined() {
            guard let scalar = Unicode.Scalar(value),
                scalar.properties.generalCategory != .unassigned,
                !TerminalText.isUnsafe(scalar)
            else { continue }
            var screen = TerminalScreen(rows: 2, columns: 10)
            screen.feed("a")
            screen.feed(String(scalar))
            let modelCells = screen.cursor.column - 1
            let appCells = DisplayWidth.of(Character(scalar))
            if modelCells != appCells {
                disagreements.append(
                    "U+\(String(value, radix: 16)) app \(appCells) model \(modelCells)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(40))")
    }
}
