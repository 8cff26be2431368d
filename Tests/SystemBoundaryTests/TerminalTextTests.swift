// Untrusted text on its way to the terminal: every dangerous class is escaped visibly, ordinary
// text (accents, emoji, right-to-left script) passes untouched, and JSON stays valid JSON.

import Foundation
import MoviesTestSupport
import Testing

@testable import SystemBoundary

@Suite("TerminalText")
struct TerminalTextTests {
    @Test(
        arguments: [
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
            // Format characters (Cf): invisible, so two titles could look alike.
            ("zero\u{200B}width", #"zero\u{200B}width"#),
            (
                "\u{2060}\u{2061}\u{2062}\u{2063}\u{2064}",
                #"\u{2060}\u{2061}\u{2062}\u{2063}\u{2064}"#
            ),
            // The joiners are part of the text: an emoji sequence, a Devanagari half form, a
            // Persian word with a non-joiner.
            ("👩🏽\u{200D}🚀 🏳\u{FE0F}\u{200D}🌈", "👩🏽\u{200D}🚀 🏳\u{FE0F}\u{200D}🌈"),
            ("क\u{94D}\u{200D}ष می\u{200C}خواهم", "क\u{94D}\u{200D}ष می\u{200C}خواهم"),
            ("alm\u{061C}", #"alm\u{61C}"#),
            ("\u{FEFF}bom", #"\u{FEFF}bom"#),
            ("soft\u{00AD}hyphen", #"soft\u{AD}hyphen"#),
            ("tag\u{E0041}", #"tag\u{E0041}"#),
            ("\u{200E}\u{200F}", #"\u{200E}\u{200F}"#),
        ] as [(HostileText, String)])
    func escapesUnsafeScalars(text: HostileText, shown: String) {
        // Compared made visible (a one-to-one mapping), so that a failure prints no control.
        let escaped = TerminalText.escaped(text.text)
        #expect(UnsafeScalars.visible(escaped) == UnsafeScalars.visible(shown))
    }

    /// Texts and their excerpts; spelled out with a type, which the type checker needs here.
    static let excerpts: [(HostileText, String)] = [
        ("short", "short"),
        (HostileText(String(repeating: "a", count: 40)), String(repeating: "a", count: 40)),
        (HostileText(String(repeating: "a", count: 41)), String(repeating: "a", count: 40) + "…"),
        (
            HostileText(String(repeating: "\u{1B}", count: 41)),
            String(repeating: #"\u{1B}"#, count: 40) + "…"
        ),
        (
            HostileText("e" + String(repeating: "\u{301}", count: 100_000)),
            "e" + String(repeating: "\u{301}", count: 39) + "…"
        ),
    ]

    /// Text escaped part by part stays as it is; what its maker left raw is escaped.
    @Test func safeEscapesOnlyWhatIsStillRaw() {
        let name = FileName(bytes: [0x72, 0xFF, 0x5C, 0x1B]).description
        #expect(name == #"r\x{FF}\\\u{1B}"#)
        let reason = name + ": no such file"
        #expect(TerminalText.safe(reason) == reason)
        #expect(
            UnsafeScalars.visible(TerminalText.safe("a\u{1B}[2J\\b\u{202E}c\u{200D}"))
                == UnsafeScalars.visible(#"a\u{1B}[2J\b\u{202E}c"# + "\u{200D}"))
        let hostile = "x\u{9B}31m\u{2028}\\\u{FEFF}"
        #expect(TerminalText.safe(TerminalText.escaped(hostile)) == TerminalText.escaped(hostile))
    }

    @Test(arguments: excerpts)
    func excerptsAreEscapedAndShort(text: HostileText, shown: String) {
        let excerpt = TerminalText.excerpt(text.text)
        #expect(UnsafeScalars.visible(excerpt) == UnsafeScalars.visible(shown))
    }

    /// Every Unicode scalar, in order; made once for the scans below.
    static let everyScalar: [Unicode.Scalar] = (0...0x10FFFF).compactMap(Unicode.Scalar.init)

    /// `everyScalar` as one string.
    static let everyScalarText = String(String.UnicodeScalarView(everyScalar))

    /// Judged by the tests' own list of unsafe scalars (`UnsafeScalars`), not by
    /// `TerminalText.isUnsafe`: an oracle must not be the code it judges.
    @Test func escapedTextHasNoUnsafeScalarLeft() throws {
        let all = Self.everyScalarText
        #expect(all.unicodeScalars.count == 0x110000 - 0x800, "every scalar but the surrogates")
        let escaped = TerminalText.escaped(all)
        let unsafeInEscaped = UnsafeScalars.first(in: escaped)
        #expect(unsafeInEscaped == nil)
        let encoded = String(decoding: try JSONEncoder().encode([all]), as: UTF8.self)
        let json = TerminalText.escapedJSON(encoded)
        let unsafeInJSON = UnsafeScalars.first(in: json)
        #expect(unsafeInJSON == nil)
        let decoded = try JSONDecoder().decode([String].self, from: Data(json.utf8))
        #expect(decoded.first?.unicodeScalars.elementsEqual(all.unicodeScalars) == true)
    }

    @Test func isUnsafeAgreesWithAnIndependentListOnEveryScalar() {
        let disagreements = Self.everyScalar.filter {
            TerminalText.isUnsafe($0) != UnsafeScalars.contains($0)
        }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
        #expect(disagreements.isEmpty, "the first: \(disagreements.prefix(20))")
    }

    @Test func everyFormatCharacterButTheJoinersIsUnsafeAndPrintableTextIsNot() {
        let format = Self.everyScalar.filter { $0.properties.generalCategory == .format }
        #expect(format.count > 150, "Unicode has about 170 format characters")
        let raw = format.filter { !TerminalText.isUnsafe($0) }.map(\.value)
        #expect(raw == [0x200C, 0x200D], "only the non-joiner and the joiner are written raw")
        #expect(
            !(0x20...0x7E).compactMap(Unicode.Scalar.init).contains(where: TerminalText.isUnsafe))
        #expect(!"Amélie 🎬 שלום 東京 e\u{301}".unicodeScalars.contains(where: TerminalText.isUnsafe))
    }

    @Test func jsonKeepsItsMeaningWithoutRawControls() throws {
        let title = "a\u{7F}b\u{9B}c\u{202E}d\u{2066}e\u{200B}f\u{FEFF}g\u{2028}"
        let json = #"[{"title":"\#(title)"}]"#
        let safe = TerminalText.escapedJSON(json)
        #expect(
            UnsafeScalars.visible(safe)
                == UnsafeScalars.visible(
                    #"[{"title":"a\u007fb\u009bc\u202ed\u2066e\u200bf\ufeffg\u2028"}]"#))
        let decoded = try JSONSerialization.jsonObject(with: Data(safe.utf8)) as? [[String: String]]
        let sameTitle = decoded?.first?["title"] == title
        #expect(sameTitle)
    }

    @Test func aFormatCharacterBeyondTheBasicPlaneBecomesASurrogatePairInJSON() throws {
        let title = "tag\u{E0041}\u{1D173}"
        let safe = TerminalText.escapedJSON(#"["\#(title)"]"#)
        #expect(
            UnsafeScalars.visible(safe)
                == UnsafeScalars.visible(#"["tag\udb40\udc41\ud834\udd73"]"#))
        let decoded = try JSONSerialization.jsonObject(with: Data(safe.utf8)) as? [String]
        let sameTitle = decoded == [title]
        #expect(sameTitle)
    }

    @Test func jsonEscapingKeepsEverySafeScalarOfEveryLengthAsItIs() {
        // One, two, three and four UTF-8 bytes, safe and unsafe, side by side.
        let json = "[\"a\u{7F}é\u{85}千\u{202E}🎬\u{E0041}z\"]"
        #expect(
            UnsafeScalars.visible(TerminalText.escapedJSON(json))
                == UnsafeScalars.visible(#"["a\u007fé\u0085千\u202e🎬\udb40\udc41z"]"#))
    }
}
