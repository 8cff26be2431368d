// Role in the data flow: a gate for text from outside. Bytes from a catalog file or from standard
// input become a `String` only once they are known to be valid UTF-8, so invalid bytes are
// reported where they are instead of turning silently into U+FFFD replacement characters.

/// Finds invalid UTF-8.
package enum UTF8Validation {
    /// The offset of the first byte that does not start a valid UTF-8 sequence, or `nil` when
    /// all of `bytes` is valid UTF-8.
    ///
    /// Valid means what Unicode means: no overlong forms, no encoded surrogates, nothing above
    /// U+10FFFF, no sequence cut short. `String(decoding:as:)` accepts the same bytes after this
    /// check without replacing any.
    package static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        // Plain ASCII, by far the most common text, needs no decoding at all.
        guard let firstNonASCII = bytes.firstIndex(where: { $0 >= 0x80 }) else { return nil }
        let rest = UnsafeBufferPointer(rebasing: bytes[firstNonASCII...])
        // The standard library's check is far faster than a scalar at a time; only invalid bytes
        // need the walk that finds where they are.
        if String(validating: rest, as: UTF8.self) != nil { return nil }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = UnsafeBufferPointer(rebasing: bytes[firstNonASCII...]).makeIterator()
        var offset = firstNonASCII
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }

    /// `bytes` as a `String`, or the offset of the first invalid byte.
    package static func string(
        from bytes: UnsafeBufferPointer<UInt8>
    ) -> Result<String, InvalidByte> {
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        guard let offset = firstInvalidOffset(in: bytes) else {
            return .success(String(decoding: bytes, as: UTF8.self))
        }
        return .failure(InvalidByte(offset: offset, value: bytes[offset]))
    }

    /// Where UTF-8 went wrong: the 0-based offset of the first bad byte, and that byte.
    package struct InvalidByte: Error, Equatable, Sendable {
        package var offset: Int
        package var value: UInt8

        package init(offset: Int, value: UInt8) {
            self.offset = offset
            self.value = value
        }
    }
}
