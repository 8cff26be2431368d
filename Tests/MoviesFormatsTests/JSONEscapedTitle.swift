// Seeded random titles made of what JSON writing must get right, for the tests that hold the
// app's hand-written JSON to `JSONEncoder`'s byte for byte.

import MoviesTestSupport

/// Titles drawn from the characters JSON escapes and those it must leave alone.
enum JSONEscapedTitle {
    /// Every C0 control, the two characters JSON escapes, the slash it may escape, ASCII, DEL,
    /// Latin-1, C1, a bidi control, a line separator, CJK and an astral emoji.
    static let scalars: [Unicode.Scalar] =
        (0..<0x20).map { Unicode.Scalar(UInt8($0)) }
        + ["\"", "\\", "/", "a", "Z", " ", "~", "\u{7F}", "é", "\u{85}", "\u{202E}", "\u{2028}"]
        + ["中", "🎬"]

    /// A title of `length` scalars drawn from `scalars` by `random`.
    static func random(length: Int, using random: inout SeededGenerator) -> String {
        let picked = (0..<length).map { _ in
            scalars[Int.random(in: 0..<scalars.count, using: &random)]
        }
        return String(String.UnicodeScalarView(picked))
    }
}
