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

    /// The longest title accepted, in characters.
    ///
    /// Real titles stay far below it; the bound keeps a runaway paste (or a hostile catalog) from
    /// turning one row into megabytes of output.
    public static let maximumTitleLength = 500

    /// Whether `title` is longer than `maximumTitleLength` characters.
    public static func isTooLong(_ title: String) -> Bool {
        // Counting characters walks the whole string; most titles are ruled out by their bytes.
        title.utf8.count > maximumTitleLength && title.count > maximumTitleLength
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
