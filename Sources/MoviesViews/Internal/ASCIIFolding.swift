// Role in the data flow: inside `TitleSearch`, for speed only. Turning find on searches every
// title, and folding each with Foundation made that 35 to 70 times slower at 100,000 movies
// (`movies-bench`, section 9, fold×N); a title of printable ASCII folds to its lowercase letters,
// so its answer is found byte by byte instead, with no string made.

/// Case-insensitive search of printable ASCII text, where folding is lowercasing.
enum ASCIIFolding {
    /// Whether every byte is printable ASCII (space to tilde): then each byte is one
    /// `Character`, and folding the text only lowercases its letters.
    static func isPrintable(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Whether `title` contains `needle` ignoring case, when `title` is printable ASCII;
    /// `nil` when it is not (or its bytes are not in one piece), and only folding can tell.
    ///
    /// `needle` is the folded search text's bytes when that is printable ASCII, `nil` when it is
    /// not. A folded text with a scalar beyond ASCII cannot occur in a printable ASCII title:
    /// folding already turned the scalars that are equivalent to ASCII, canonically (U+212A
    /// KELVIN SIGN, U+037E GREEK QUESTION MARK, U+1FEF) or by compatibility (fullwidth letters,
    /// ligatures such as `ﬁ`), into ASCII.
    static func contains(_ title: String, _ needle: [UInt8]?) -> Bool? {
        let answer = title.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard isPrintable(bytes) else { return nil }
            guard let needle else { return false }
            return contains(bytes, needle)
        }
        return answer ?? nil
    }

    /// Whether `haystack` contains `needle` (lowercase) with ASCII letters of either case.
    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool
    {
        guard needle.count <= haystack.count else { return false }
        guard !needle.isEmpty else { return true }
        for start in 0...(haystack.count - needle.count) {
            var offset = 0
            while offset < needle.count, lowercased(haystack[start + offset]) == needle[offset] {
                offset += 1
            }
            if offset == needle.count { return true }
        }
        return false
    }

    /// `byte` with an ASCII capital made lowercase.
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
