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
    /// would break the one-row-per-line layout, DEL and C1), format characters other than the
    /// two joiners, and the Unicode line and paragraph separators.
    ///
    /// Format characters (general category Cf) are invisible by design: the bidi embeddings,
    /// overrides, isolates and marks, the zero-width space, the word joiner and the invisible
    /// operators (U+200B, U+2060–U+2064), the byte order mark U+FEFF, the Arabic letter mark
    /// U+061C, the soft hyphen, tag characters. Raw, they reorder a row or make two different
    /// titles look the same; escaped, the user sees them.
    ///
    /// The zero-width joiner (U+200D) and non-joiner (U+200C) are the exception: they are part of
    /// the text, not a trick played on it. The joiner makes one emoji of `👩🏽‍🚀` and `🏳️‍🌈`,
    /// and both choose the shapes of Indic and Arabic letters, so escaping them would show a
    /// foreign word as code. They move nothing and reorder nothing, and take no cell.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        // Every other scalar below U+00A0 is printable: decided without a property lookup.
        case 0x20...0x7E: return false
        case 0x200C...0x200D: return false
        default: return isUnsafe(scalar.properties.generalCategory)
        }
    }

    /// Whether a scalar of `category` is never written raw: controls (Cc), format characters
    /// (Cf), line separators (Zl) and paragraph separators (Zp).
    ///
    /// A `switch`, not a list: in a debug build, searching an array of categories took four times
    /// as long over every Unicode scalar (1.2 s against 0.3 s), which the tests' scans pay.
    private static func isUnsafe(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

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
            scalar == "\\" ? "\\\\" : escape(scalar)
        }
    }

    /// `text`, which its maker escaped already, with any unsafe scalar still raw written as
    /// `\u{XX}` and backslashes left as they are.
    ///
    /// For a message made of parts escaped one by one, such as a file name whose byte that is not
    /// UTF-8 shows as `\x{FF}`: escaping the whole again would double each backslash and show
    /// `\\x{FF}`, which is how a name with a real backslash looks. Whatever its maker left raw
    /// is still escaped here, so nothing reaches the terminal as a control either way.
    package static func safe(_ text: String) -> String {
        replacing(in: text, where: isUnsafe, with: escape)
    }

    /// `\u{1B}` for U+001B.
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
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
        // A trace line is escaped on every action: a line of printable ASCII, by far the most
        // common, is checked in place and returned as it is.
        let isPlainASCII = json.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        }
        if isPlainASCII == true { return json }
        return jsonEscaping(json)
    }

    /// `json` with every unsafe scalar written as JSON's `\uxxxx`, built as bytes.
    ///
    /// The line's UTF-8 is walked directly, decoding a scalar only where a byte starts one that
    /// is not ASCII: a trace line of titles in DEL or C1 controls has an escape every byte or
    /// two, and going through `String` scalar by scalar made that the slowest part of writing it.
    private static func jsonEscaping(_ json: String) -> String {
        var json = json
        return json.withUTF8 { utf8 in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count * 2)
            var index = 0
            while index < utf8.count {
                let lead = utf8[index]
                if lead < 0x80 {
                    if isUnsafe(Unicode.Scalar(lead)) {
                        appendJSONEscape(of: UInt32(lead), to: &bytes)
                    } else {
                        bytes.append(lead)
                    }
                    index += 1
                    continue
                }
                // A `String`'s UTF-8 is valid: the lead byte says the length.
                let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                let end = min(index + length, utf8.count)
                var value = UInt32(lead) & (0x7F >> UInt32(length))
                var next = index + 1
                while next < end {
                    value = value << 6 | UInt32(utf8[next] & 0x3F)
                    next += 1
                }
                if let scalar = Unicode.Scalar(value), isUnsafe(scalar) {
                    appendJSONEscape(of: value, to: &bytes)
                } else {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[index..<end]))
                }
                index = end
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Appends the JSON escape of the scalar `value`: `\uxxxx` for each of its UTF-16 code
    /// units, so a scalar above U+FFFF (a tag character, say) is written as its surrogate pair.
    private static func appendJSONEscape(of value: UInt32, to bytes: inout [UInt8]) {
        if value > 0xFFFF {
            let offset = value - 0x10000
            appendJSONEscape(unit: UInt16(0xD800 + (offset >> 10)), to: &bytes)
            appendJSONEscape(unit: UInt16(0xDC00 + (offset & 0x3FF)), to: &bytes)
        } else {
            appendJSONEscape(unit: UInt16(value), to: &bytes)
        }
    }

    /// Appends `\uxxxx` for the UTF-16 code unit `unit`, in lowercase hexadecimal.
    private static func appendJSONEscape(unit: UInt16, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "u"))
        var shift: UInt16 = 16
        while shift > 0 {
            shift -= 4
            let digit = UInt8((unit >> shift) & 0xF)
            bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }

    /// `text` with each scalar that `needsEscape` picks replaced by `escape(scalar)`; the text
    /// itself when there is none, which is the common case.
    ///
    /// The text between two escapes is copied as one run of bytes rather than scalar by scalar,
    /// which in a debug build cost more than finding the escapes in a long text with few of them.
    private static func replacing(
        in text: String,
        where needsEscape: (Unicode.Scalar) -> Bool,
        with escape: (Unicode.Scalar) -> String
    ) -> String {
        let scalars = text.unicodeScalars
        guard var next = scalars.firstIndex(where: needsEscape) else { return text }
        var result = ""
        var start = scalars.startIndex
        while true {
            result.append(contentsOf: Substring(scalars[start..<next]))
            result += escape(scalars[next])
            start = scalars.index(after: next)
            guard let found = scalars[start...].firstIndex(where: needsEscape) else { break }
            next = found
        }
        result.append(contentsOf: Substring(scalars[start...]))
        return result
    }
}
