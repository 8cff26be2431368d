// Role: outside the app's data flow, judging what reaches the terminal. Tests that scan output for
// raw control characters need an oracle, and it must not be the app's own predicate
// (`TerminalText.isUnsafe`): when that predicate forgot the C1 controls, every scan that asked it
// still passed. This list is written out range by range, from the standards, not from the app.

/// The Unicode scalars that must never reach a terminal raw, listed independently of the app.
///
/// C0 controls, DEL and C1 controls are what terminals interpret (ESC starts a sequence, and
/// U+009B is a one-scalar CSI on many terminals); the line and paragraph separators break the
/// one-row-per-line layout; the bidi controls reorder what a row shows; and every other format
/// character (general category Cf: the zero-width space, the byte order mark, tags…) is
/// invisible, so two different titles could look the same. The two joiners, U+200C and U+200D,
/// are the exception (`joiners`): they are part of emoji and of Indic and Arabic words.
package enum UnsafeScalars {
    /// The explicit ranges, each with its name for a failure message.
    private static let ranges: [(name: String, scalars: ClosedRange<UInt32>)] = [
        ("C0 control", 0x00...0x1F),
        ("DEL", 0x7F...0x7F),
        ("C1 control", 0x80...0x9F),
        ("Arabic letter mark", 0x061C...0x061C),
        ("left-to-right or right-to-left mark", 0x200E...0x200F),
        ("line separator", 0x2028...0x2028),
        ("paragraph separator", 0x2029...0x2029),
        ("bidi embedding or override", 0x202A...0x202E),
        ("bidi isolate", 0x2066...0x2069),
    ]

    /// The zero-width non-joiner and joiner: format characters that may be written raw.
    private static let joiners: ClosedRange<UInt32> = 0x200C...0x200D

    /// The ranges alone, and the last scalar they hold: `contains` runs for every scalar of
    /// Unicode in several tests, and walking the named tuples cost seconds there.
    private static let listed = ranges.map(\.scalars)
    private static let lastListed = listed.map(\.upperBound).max() ?? 0

    /// What `scalar` is, when it is unsafe: the name of its range, or "format character" for
    /// the rest of general category Cf; `nil` for a scalar that may be written raw.
    package static func kind(of scalar: Unicode.Scalar) -> String? {
        guard contains(scalar) else { return nil }
        if let range = ranges.first(where: { $0.scalars.contains(scalar.value) }) {
            return range.name
        }
        return isOtherFormat(scalar) ? "format character" : nil
    }

    /// Whether `scalar` must never be written raw.
    package static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if (0x20...0x7E).contains(value) { return false }
        if value <= lastListed, listed.contains(where: { $0.contains(value) }) { return true }
        return isOtherFormat(scalar)
    }

    /// Whether `scalar` is a format character other than the joiners.
    private static func isOtherFormat(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format && !joiners.contains(scalar.value)
    }

    /// `text` with every unsafe scalar and backslash written as `\u{XX}`, for a failure message
    /// about hostile text: `debugDescription` leaves C1 and bidi controls raw.
    package static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" || contains(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The first unsafe scalar in `text` other than those in `allowed` (such as the newlines
    /// that end output lines), described for a failure message (`U+009B (C1 control) at scalar
    /// 12`); `nil` when there is none.
    package static func first(in text: String, allowing allowed: Set<Unicode.Scalar> = [])
        -> String?
    {
        for (offset, scalar) in text.unicodeScalars.enumerated()
        where contains(scalar) && !allowed.contains(scalar) {
            if let kind = kind(of: scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex) (\(kind))"
                    + " at scalar \(offset)"
            }
        }
        return nil
    }
}
