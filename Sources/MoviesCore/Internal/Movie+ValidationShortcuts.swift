// Role in the data flow: shortcuts inside the title rules, for speed only. Every insert and every
// movie of a loaded catalog is checked against `Movie`'s rules, so the common case is decided
// without walking Unicode: these answer from a byte or a count when they can.

extension Movie {
    /// Whether `title` is short enough by its UTF-8 length alone: a scalar takes at least one
    /// byte, so a title of at most `maximumTitleLength` bytes cannot have more scalars than that.
    static func fitsByBytes(_ title: String) -> Bool {
        title.utf8.count <= maximumTitleLength
    }

    /// Whether `title` starts with a printable ASCII character, so is not blank.
    ///
    /// That character is the first scalar of the first `Character`, the one `isWhitespace` looks
    /// at: one byte decides, with no grapheme breaking and no Unicode property lookup.
    static func startsVisibly(_ title: String) -> Bool {
        guard let first = title.utf8.first else { return false }
        return first > 0x20 && first < 0x7F
    }
}
