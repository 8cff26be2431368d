// Role in the data flow: the bottom of every line of JSON the app writes. A movie, a list and a
// journal line are each written once, against this protocol; the same code fills a byte array (the
// line that goes to disk) or only counts (the size a list takes as a file, checked before an edit
// is accepted), so what is counted is always what would be written.
//
//   MovieJSON, MovieListJSON, JournalLine ─► JSONOutput ─┬─► JSONBytes (the line)
//                                                         └─► JSONByteCount (its size)

/// Where JSON text goes: into bytes, or only into a count of them.
protocol JSONOutput {
    /// Appends one byte.
    mutating func append(_ byte: UInt8)
    /// Appends `bytes`.
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
}

extension JSONOutput {
    /// Appends fixed text: a bracket, a comma, a newline.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends `"name":`, an object's key and its colon.
    mutating func appendKey(_ name: StaticString) {
        append(UInt8(ascii: "\""))
        append(name)
        append(#"":"#)
    }

    /// Appends a whole number as JSON writes it: `1999`, `-12`.
    mutating func append(_ number: Int) {
        var digits = String(number)
        digits.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends `text` as a JSON string, quotes included, escaped as `JSONEncoder` escapes it:
    /// `\"` and `\\`, the short forms for backspace, tab, newline, form feed and carriage return,
    /// `\u00xx` for the other controls below U+0020, and every other character as it is
    /// (slashes too).
    ///
    /// Working on bytes is exact: every byte of a multi-byte UTF-8 sequence is 0x80 or more, so a
    /// byte below 0x20 or a quote or a backslash is always that character. The bytes between two
    /// escapes are appended as one run.
    mutating func appendString(_ text: String) {
        append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var run = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                    appendEscape(of: byte)
                    run = index + 1
                }
                index += 1
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        append(UInt8(ascii: "\""))
    }

    /// Appends the escape of `byte`, a control below U+0020, a quote or a backslash.
    private mutating func appendEscape(of byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            append(UInt8(ascii: "\\"))
            append(byte)
        case 0x08: append(#"\b"#)
        case 0x09: append(#"\t"#)
        case 0x0A: append(#"\n"#)
        case 0x0C: append(#"\f"#)
        case 0x0D: append(#"\r"#)
        default:
            append(#"\u00"#)
            append(hexDigit(byte >> 4))
            append(hexDigit(byte & 0x0F))
        }
    }
}

/// The lowercase hexadecimal digit of `value` (0 to 15), as `JSONEncoder` writes `\u001b`.
private func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
}
