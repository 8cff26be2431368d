// Role in the data flow: the last stop before the terminal. Every piece of untrusted text (titles
// from the catalog or from input, words echoed back in error messages) passes through here on its
// way to stdout or stderr, so none of it can reach the terminal as a control sequence.

/// Makes untrusted text safe and visible on a terminal.
///
/// A title such as `"ESC]0;pwned BEL"` would otherwise retitle the user's window, and a carriage
/// return or a right-to-left override could make one row look like another. Each dangerous
/// Unicode scalar is replaced by a visible escape (`\u{1B}`), so the user sees exactly what the
/// text contains and the terminal interprets none of it.
package enum TerminalText {
    /// Whether `scalar` must never be written raw: controls (C0 including tab and newline, which
    /// would break the one-row-per-line layout, DEL and C1), format characters, and the Unicode
    /// line and paragraph separators.
    ///
    /// Format characters (general category Cf) are invisible by design: the bidi embeddings,
    /// overrides, isolates and marks, zero-width spaces and joiners (U+200B–U+200D, U+2060–U+2064),
    /// the byte order mark U+FEFF, the Arabic letter mark U+061C, the soft hyphen, tag characters.
    /// Raw, they reorder a row or make two different titles look the same; escaped, the user
    /// sees them. (An emoji sequence joined with U+200D is shown with its joiners escaped: a
    /// price paid for a rule without exceptions.)
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        // Every other scalar below U+00A0 is printable: decided without a property lookup.
        case 0x20...0x7E: return false
        default: return unsafeCategories.contains(scalar.properties.generalCategory)
        }
    }

    /// The general categories never written raw: controls (Cc), format characters (Cf), line
    /// separators (Zl) and paragraph separators (Zp).
    private static let unsafeCategories: [Unicode.GeneralCategory] = [
        .control, .format, .lineSeparator, .paragraphSeparator,
    ]

    /// `text` with every unsafe scalar written as `\u{XX}`, and backslashes doubled so that an
    /// escape in the output always means an escaped scalar, never a literal backslash sequence.
    package static func escaped(_ text: String) -> String {
        // Most text is printable ASCII without a backslash. Checking its bytes in place is far
        // cheaper than decoding scalars, and a full redraw escapes every title in the list.
        let isPlainASCII = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }
        }
        if isPlainASCII == true { return text }
        let needsEscape = { (scalar: Unicode.Scalar) in scalar == "\\" || isUnsafe(scalar) }
        return replacing(in: text, where: needsEscape) { scalar in
            scalar == "\\" ? "\\\\" : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
    }

    /// `text` escaped, and cut to its first `limit` Unicode scalars followed by `…` if longer.
    ///
    /// For echoing user input in a message: a one-line message must stay one short line even
    /// when the input was a megabyte of garbage. The cut counts scalars, not `Character`s: one
    /// character can carry any number of combining marks.
    package static func excerpt(_ text: String, limit: Int = 40) -> String {
        let prefix = text.unicodeScalars.prefix(limit)
        guard prefix.endIndex < text.unicodeScalars.endIndex else { return escaped(text) }
        return escaped(String(String.UnicodeScalarView(prefix))) + "…"
    }

    /// A line of JSON with every unsafe scalar that is still raw written as a JSON `\uXXXX`
    /// escape.
    ///
    /// The encoder already escapes C0 controls, but passes DEL, C1 controls, format characters
    /// and the line separators through. They can only occur inside JSON strings, where `\uXXXX` means the same scalar, so
    /// the result is still valid JSON that decodes to the same values.
    package static func escapedJSON(_ json: String) -> String {
        replacing(in: json, where: isUnsafe) { scalar in
            // JSON escapes are UTF-16 code units: a scalar above U+FFFF (a tag character, say)
            // is written as its surrogate pair.
            scalar.utf16.map { unit in
                let hex = String(unit, radix: 16, uppercase: false)
                return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }.joined()
        }
    }

    /// `text` with each scalar that `needsEscape` picks replaced by `escape(scalar)`; the text
    /// itself when there is none, which is the common case.
    private static func replacing(
        in text: String,
        where needsEscape: (Unicode.Scalar) -> Bool,
        with escape: (Unicode.Scalar) -> String
    ) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
