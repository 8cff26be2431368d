// Role in the data flow: `Movie` is the value that everything else moves around. The fake API
// decodes it from the catalog, `MoviesState` keeps an ordered array of it, and every list `Change`
// that carries a row carries a `Movie`, so a view can draw that row without reading anything else.

/// One film in the list.
///
/// A plain value type: copying a `Movie` never shares mutable state, which is what lets the store
/// hand rows to subscribers without defensive copies or locks. A movie is compared whole (`==`
/// looks at every field), and only two places make one from scratch: the insert reducer and a
/// decoder. Everywhere else a movie is copied and one field changed, so a field added here is
/// carried along by every edit, undo and format without their knowing it (`Movie.Field` is the
/// table every format reads and writes).
public struct Movie: Equatable, Hashable, Sendable, Identifiable {
    /// Unique within one list; the store assigns new ids on insert.
    public var id: Int
    /// As the user typed it or the catalog gave it; untrusted text, which the terminal layer
    /// escapes before drawing (see `Movie+Validation.swift` for what the store accepts).
    public var title: String
    /// The release year, within `Movie.validYears` for a movie the store accepted.
    public var year: Int
    /// How many stars the user gave it, within `Movie.validRatings`, or `nil` when unrated.
    public var rating: Int?

    /// A movie with exactly these values; the store checks them when it inserts one.
    public init(id: Int, title: String, year: Int, rating: Int? = nil) {
        self.id = id
        self.title = title
        self.year = year
        self.rating = rating
    }
}
