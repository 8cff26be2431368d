// The tests' own oracle for raw control characters: it names each class it knows, lets ordinary
// text of every script through, and describes the first offender in a way that is safe to print.

import MoviesTestSupport
import Testing

@Suite("UnsafeScalars")
struct UnsafeScalarsTests {
    @Test func eachClassIsKnownByName() {
        let cases: [(UInt32, String)] = [
            (0x00, "C0 control"), (0x1B, "C0 control"), (0x0A, "C0 control"),
            (0x7F, "DEL"), (0x80, "C1 control"), (0x85, "C1 control"), (0x9B, "C1 control"),
            (0x9F, "C1 control"), (0x061C, "Arabic letter mark"),
            (0x200F, "left-to-right or right-to-left mark"), (0x2028, "line separator"),
            (0x2029, "paragraph separator"), (0x202E, "bidi embedding or override"),
            (0x2066, "bidi isolate"), (0x200B, "format character"), (0x2060, "format character"),
            (0xFEFF, "format character"), (0xAD, "format character"),
            (0xE0041, "format character"),
        ]
        for (value, kind) in cases {
            let scalar = Unicode.Scalar(value) ?? "?"
            #expect(UnsafeScalars.kind(of: scalar) == kind, "U+\(String(value, radix: 16))")
        }
        #expect(
            UnsafeScalars.kind(of: "\u{200C}") == nil && UnsafeScalars.kind(of: "\u{200D}") == nil)
    }

    @Test func ordinaryTextOfEveryScriptIsSafe() {
        let text =
            "Amélie 🎬 שלום مرحبا 東京 e\u{301} \u{A0}\u{3000}~ \u{1F469}\u{200D}\u{1F4BB} "
            + "क\u{94D}\u{200D}ष می\u{200C}خواهم"
        let unsafe = text.unicodeScalars.filter(UnsafeScalars.contains)
        #expect(unsafe.isEmpty, "the joiners belong to the emoji and the words")
        #expect(UnsafeScalars.first(in: "Alien\n", allowing: ["\n"]) == nil)
        #expect(UnsafeScalars.first(in: "Alien\n") == "U+000A (C0 control) at scalar 5")
        #expect(UnsafeScalars.first(in: "é\u{9B}2J") == "U+009B (C1 control) at scalar 1")
        #expect(UnsafeScalars.visible("é\u{9B}2J\u{202E}\\") == #"é\u{9B}2J\u{202E}\u{5C}"#)
    }

    @Test func theControlRangesAreExactlyUnicodesControls() {
        let controls = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
            ["C0 control", "DEL", "C1 control"].contains(UnsafeScalars.kind(of: $0))
        }
        #expect(controls.count == 65, "Unicode has 65 control characters (Cc)")
        #expect(controls.allSatisfy { $0.properties.generalCategory == .control })
    }
}
