// Role in the data flow: inside `JSONReader`. A title, a key or any other string of a file arrives
// here as quoted bytes with escapes, and leaves as a `String` only once its UTF-8 is checked and
// every escape (a surrogate pair included) stands for a real character.

import SystemBoundary

extension JSONReader {
    /// Reads a JSON string starting at its opening quote; `key` names where it is, for a lone
    /// surrogate (`nil`: it is a key name), and is only made when there is one.
    mutating func readString(key: @autoclosure () -> String?) throws(CatalogError) -> String {
        index += 1  // the opening quote
        let start = index
        // Most strings have no escapes: scan to the closing quote and take the bytes as they are.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = try utf8String(
                    UnsafeBufferPointer(rebasing: bytes[start..<index]), at: start)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        var unescaped = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                // The file's own bytes are checked, so an error names the offset in the file:
                // escapes are ASCII, and what they stand for is always valid UTF-8.
                try checkUTF8(from: start, to: index)
                index += 1
                return String(decoding: unescaped, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &unescaped, key: key)
            case 0..<0x20:
                throw syntax(
                    "a control character (U+\(Self.hex(UInt32(byte), digits: 4))) "
                        + "must be escaped inside a string")
            default:
                unescaped.append(byte)
                index += 1
            }
        }
        throw syntax("a string is not closed before the end of the file")
    }

    /// Decodes the escape at `index` (a backslash) and appends its UTF-8 to `unescaped`.
    private mutating func readEscape(into unescaped: inout [UInt8], key: () -> String?)
        throws(CatalogError)
    {
        guard index + 1 < bytes.count else { throw syntax("a string is not closed") }
        let letter = bytes[index + 1]
        let simple: UInt8? =
            switch letter {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            unescaped.append(simple)
            index += 2
            return
        }
        guard letter == UInt8(ascii: "u") else {
            throw syntax("\\\(Character(Unicode.Scalar(letter))) is not a JSON escape")
        }
        let first = try hexEscape(at: index)
        index += 6
        var value = first
        if (0xD800...0xDBFF).contains(first) {
            // A high surrogate must be followed by an escaped low one; together they are one scalar.
            guard let second = try? hexEscape(at: index), (0xDC00...0xDFFF).contains(second) else {
                throw loneSurrogate(first, key: key())
            }
            index += 6
            value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(first) {
            throw loneSurrogate(first, key: key())
        }
        // Every value left is a scalar: surrogates were handled above, and four hex digits (or a
        // pair) never exceed U+10FFFF.
        guard let scalar = Unicode.Scalar(value) else { throw loneSurrogate(value, key: key()) }
        unescaped.append(contentsOf: scalar.utf8)
    }

    /// The value of the `\uXXXX` escape at `position`.
    private func hexEscape(at position: Int) throws(CatalogError) -> UInt32 {
        guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
            bytes[position + 1] == UInt8(ascii: "u")
        else { throw syntax("\\u must be followed by four hexadecimal digits") }
        var value: UInt32 = 0
        for byte in bytes[(position + 2)..<(position + 6)] {
            guard let digit = Self.hexDigit(byte) else {
                throw syntax("\\u must be followed by four hexadecimal digits")
            }
            value = value << 4 | digit
        }
        return value
    }

    private func loneSurrogate(_ value: UInt32, key: String?) -> CatalogError {
        failure(.loneSurrogate(value, key: key.map(Self.excerpt), item: item))
    }

    /// Throws if `bytes[start..<end]` is not valid UTF-8, naming the first bad byte's offset.
    private func checkUTF8(from start: Int, to end: Int) throws(CatalogError) {
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if let offset = UTF8Validation.firstInvalidOffset(in: raw) {
            throw syntax(
                "byte 0x\(Self.hex(UInt32(raw[offset]), digits: 2)) is not valid UTF-8",
                at: start + offset)
        }
    }

    private func utf8String(
        _ buffer: UnsafeBufferPointer<UInt8>, at offset: Int
    ) throws(CatalogError) -> String {
        switch UTF8Validation.string(from: buffer) {
        case .success(let text):
            return text
        case .failure(let invalid):
            throw syntax(
                "byte 0x\(Self.hex(UInt32(invalid.value), digits: 2)) is not valid UTF-8",
                at: offset + invalid.offset)
        }
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
