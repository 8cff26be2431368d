// FilteredList.swift: a derived list. It follows the store's Changes, keeps
// the movies that match a predicate, and says what each Change did to its own
// rows.

/// The movies that match a predicate, kept up to date by the store's Changes
/// alone.
///
/// Two coordinates: a *row* is an index in this list (row 0 is the first
/// match), a *position* an index in the whole list. A view shows positions, so
/// that the number next to a title is the one `delete` takes.
struct FilteredList {
    /// The matching movies, in the order of the whole list.
    private(set) var movies: [Movie]
    /// One Bool for each movie of the whole list: whether it matches.
    private var matches: [Bool]
    private let predicate: (Movie) -> Bool

    /// The movies of `list` that match `predicate`: the one time every movie is
    /// asked.
    init(_ list: [Movie], matching predicate: @escaping (Movie) -> Bool) {
        self.predicate = predicate
        matches = list.map(predicate)
        movies = zip(list, matches).filter { $0.1 }.map { $0.0 }
    }

    /// How many matches come before `position`: the row a movie there has, or
    /// would have.
    func row(forPosition position: Int) -> Int {
        matches[..<position].filter { $0 }.count
    }

    /// Each matching movie with its position in the whole list.
    var rows: [(position: Int, movie: Movie)] {
        zip(matches.indices.filter { matches[$0] }, movies).map { ($0, $1) }
    }
}
