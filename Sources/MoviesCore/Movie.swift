// Role in the data flow: `Movie` is the value that everything else moves around. The fake API
// decodes it from the catalog, `MoviesState` keeps an ordered array of it, and every list `Change`
// that carries a row carries a `Movie`, so a view can draw that row without reading anything else.

/// One film in the list.
///
/// A plain value type: copying a `Movie` never shares mutable state, which is what lets the store
/// hand rows to subscribers without defensive copies or locks.
public struct Movie: Codable, Equatable, Hashable, Sendable, Identifiable {
    /// Unique within one list; the store assigns new ids on insert.
    public var id: Int
    public var title: String
    public var year: Int

    public init(id: Int, title: String, year: Int) {
        self.id = id
        self.title = title
        self.year = year
    }

    /// The years a movie may carry: from the first films (1888) to a little past today.
    ///
    /// Both the catalog loader and the insert reducer check against this one range, so a movie
    /// that could not be loaded can never be inserted either, and vice versa.
    public static let validYears: ClosedRange<Int> = 1888...2100

    /// The ids a movie may carry: 1 to 999,999,999,999 (twelve digits).
    ///
    /// Ids come from outside (a catalog file), and the store computes new ones from them
    /// (`largest + 1`), so an id must leave room for that arithmetic: at the top of this range a
    /// trillion inserts are still possible before the store runs out, where an id of `Int.max`
    /// would overflow on the very first. Twelve digits also stay far below 2^53, so an id survives
    /// any JSON reader that keeps numbers as doubles (JavaScript's does), and zero and negative
    /// numbers, which read as "no id" in many systems, are not ids.
    public static let validIDs: ClosedRange<Int> = 1...999_999_999_999

    /// The longest title accepted, in Unicode scalars (code points).
    ///
    /// Real titles stay far below it; the bound keeps a runaway paste (or a hostile catalog) from
    /// turning one row into megabytes of output. It counts scalars, not `Character`s: one
    /// character can carry any number of combining marks, so a cap on characters bounds nothing,
    /// while 500 scalars are at most 2,000 bytes of UTF-8 and 5,000 bytes once escaped.
    public static let maximumTitleLength = 500

    /// Whether `title` has more than `maximumTitleLength` Unicode scalars.
    public static func isTooLong(_ title: String) -> Bool {
        // Counting scalars walks the whole string; a title of at most that many UTF-8 bytes
        // cannot have more scalars than bytes, so most titles are decided by their byte count.
        title.utf8.count > maximumTitleLength
            && title.unicodeScalars.count > maximumTitleLength
    }

    /// Whether `title` counts as empty: nothing but whitespace and newlines.
    public static func isBlank(_ title: String) -> Bool {
        // A title that starts with a printable ASCII character is not blank: that character is
        // the first scalar of the first `Character`, the one `isWhitespace` looks at. Deciding
        // from one byte skips grapheme breaking and a Unicode property lookup on every insert
        // and every movie of a loaded catalog.
        if let first = title.utf8.first, first > 0x20, first < 0x7F { return false }
        return title.allSatisfy { $0.isWhitespace }
    }
}
