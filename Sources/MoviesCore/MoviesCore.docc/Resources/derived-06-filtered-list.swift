// FilteredList.swift: a derived list. It follows the store's Changes, keeps
// the movies that match a predicate, and says what each Change did to its own
// rows.

/// The movies that match a predicate, kept up to date by the store's Changes
/// alone.
///
/// Two rows, both from 0: a movie's row here (row 0 is the first match), and
/// its `index` in the whole list, the row the store's Changes name. A view
/// shows `index + 1`, the position, which is what `delete` takes.
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

    /// How many matches come before `index` in the whole list: the row a movie
    /// there has, or would have.
    func row(forIndex index: Int) -> Int {
        matches[..<index].filter { $0 }.count
    }

    /// Each matching movie with its index in the whole list.
    var rows: [(index: Int, movie: Movie)] {
        zip(matches.indices.filter { matches[$0] }, movies).map { ($0, $1) }
    }
}
