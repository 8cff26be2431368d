// Untrusted text on its way to the terminal: every dangerous class is escaped visibly, ordinary
// text (accents, emoji, right-to-left script) passes untouched, and JSON stays valid JSON.

import Foundation
import Testing

@testable import MoviesCLI

@Suite("TerminalText")
struct TerminalTextTests {
    @Test(arguments: [
        ("Alien", "Alien"),
        ("Amélie 🎬 שלום e\u{301}", "Amélie 🎬 שלום e\u{301}"),
        ("a\u{1B}[31mred", #"a\u{1B}[31mred"#),
        ("\u{1B}]0;title\u{07}", #"\u{1B}]0;title\u{7}"#),
        ("bell\u{07}", #"bell\u{7}"#),
        ("back\u{08}space", #"back\u{8}space"#),
        ("cr\rlf\n", #"cr\u{D}lf\u{A}"#),
        ("tab\t", #"tab\u{9}"#),
        ("nul\u{0}", #"nul\u{0}"#),
        ("del\u{7F}", #"del\u{7F}"#),
        ("c1\u{9B}31m", #"c1\u{9B}31m"#),
        ("\u{85}", #"\u{85}"#),
        ("rlo\u{202E}txt", #"rlo\u{202E}txt"#),
        ("\u{202A}\u{202B}\u{202C}\u{202D}", #"\u{202A}\u{202B}\u{202C}\u{202D}"#),
        ("\u{2066}\u{2067}\u{2068}\u{2069}", #"\u{2066}\u{2067}\u{2068}\u{2069}"#),
        ("\u{2028}\u{2029}", #"\u{2028}\u{2029}"#),
        (#"AC\DC"#, #"AC\\DC"#),
    ])
    func escapesUnsafeScalars(text: String, shown: String) {
        #expect(TerminalText.escaped(text) == shown)
    }

    @Test(arguments: [
        ("short", "short"),
        (String(repeating: "a", count: 40), String(repeating: "a", count: 40)),
        (String(repeating: "a", count: 41), String(repeating: "a", count: 40) + "…"),
        (String(repeating: "\u{1B}", count: 41), String(repeating: #"\u{1B}"#, count: 40) + "…"),
    ])
    func excerptsAreEscapedAndShort(text: String, shown: String) {
        #expect(TerminalText.excerpt(text) == shown)
    }

    @Test func escapedTextHasNoUnsafeScalarLeft() {
        let all = String(String.UnicodeScalarView((0...0x2100).compactMap(Unicode.Scalar.init)))
        #expect(!TerminalText.escaped(all).unicodeScalars.contains(where: TerminalText.isUnsafe))
    }

    @Test func jsonKeepsItsMeaningWithoutRawControls() throws {
        let title = "a\u{7F}b\u{9B}c\u{202E}d\u{2066}e"
        let json = #"[{"title":"\#(title)"}]"#
        let safe = TerminalText.escapedJSON(json)
        #expect(safe == #"[{"title":"a\u007fb\u009bc\u202ed\u2066e"}]"#)
        let decoded = try JSONSerialization.jsonObject(with: Data(safe.utf8)) as? [[String: String]]
        #expect(decoded?.first?["title"] == title)
    }
}
