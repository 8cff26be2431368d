// Role in the benchmark: the data. Every section starts from a list of made-up movies drawn from
// the seeded generator, with titles of realistic length (some short enough to be stored inline in
// a `String`, some long enough to need their own allocation), so that copying, drawing and decoding
// cost what they would cost on real catalogs.

import MoviesCore
import MoviesTestSupport

/// Builds seeded lists of plausible movies.
enum SyntheticCatalog {
    private static let openings = [
        "The", "A", "Night of the", "Return of the", "Last", "Beyond the",
    ]
    private static let adjectives = [
        "Silent", "Red", "Lost", "Endless", "Broken", "Golden", "Hidden", "Crimson", "Frozen",
        "Distant", "Burning", "Quiet",
    ]
    private static let nouns = [
        "River", "Empire", "Garden", "Machine", "Harbor", "Mirror", "Kingdom", "Station", "Storm",
        "Island", "Letter", "Summer", "Wolf", "Frontier",
    ]

    /// `count` movies with ids `1...count`, in a buffer with room for one more.
    ///
    /// The spare slot lets the dispatch workload (which keeps the list at `count` or `count + 1`)
    /// run without the array ever growing, so any change of buffer it observes can only be a copy.
    static func movies(count: Int, using generator: inout SeededGenerator) -> [Movie] {
        var movies: [Movie] = []
        movies.reserveCapacity(count + 1)
        for index in 0..<count {
            let title = title(using: &generator)
            movies.append(Movie(id: index + 1, title: title, year: year(using: &generator)))
        }
        return movies
    }

    /// A fresh, uniquely owned copy of `movies` with the same spare slot.
    ///
    /// `Array(movies)` would share the buffer, and the first edit would then pay for the copy that
    /// this function makes up front, outside any timed region.
    static func freshCopy(of movies: [Movie]) -> [Movie] {
        var copy: [Movie] = []
        copy.reserveCapacity(movies.count + 1)
        copy.append(contentsOf: movies)
        return copy
    }

    /// A fresh copy of `movies`, as `freshCopy(of:)`, whose titles also have storage of their own.
    ///
    /// Copying a `String` shares its storage. The undo section's memory figures must see a title's
    /// storage freed when the last movie holding it goes, as in the app, where the list is the
    /// only owner of what was decoded; so no title the store gets may be shared with `movies`.
    static func ownCopy(of movies: [Movie]) -> [Movie] {
        var copy: [Movie] = []
        copy.reserveCapacity(movies.count + 1)
        for movie in movies {
            copy.append(Movie(id: movie.id, title: ownCopy(of: movie.title), year: movie.year))
        }
        return copy
    }

    /// `title` in storage of its own, shared with no other string (a short title is stored
    /// inline and has no storage to share).
    static func ownCopy(of title: String) -> String {
        String(decoding: Array(title.utf8), as: UTF8.self)
    }

    /// A title of two to five words, such as "Return of the Frozen Harbor 7".
    static func title(using generator: inout SeededGenerator) -> String {
        var words: [String] = []
        if Bool.random(using: &generator) {
            words.append(pick(openings, using: &generator))
        }
        if Bool.random(using: &generator) {
            words.append(pick(adjectives, using: &generator))
        }
        words.append(pick(nouns, using: &generator))
        if Int.random(in: 0..<4, using: &generator) == 0 {
            words.append(String(Int.random(in: 2...9, using: &generator)))
        }
        return words.joined(separator: " ")
    }

    /// A year in `Movie.validYears`, weighted towards the last century like a real catalog.
    static func year(using generator: inout SeededGenerator) -> Int {
        Int.random(in: 1920...2024, using: &generator)
    }

    /// The approximate heap footprint of `movies`: the elements, plus the storage of every title
    /// too long to live inline in its `String`.
    ///
    /// Peak memory is reported against this figure, so it counts what a decoded list really
    /// holds rather than just `count * stride`.
    static func heapBytes(of movies: [Movie]) -> Int {
        // Strings of up to 15 UTF-8 bytes are stored inline on 64-bit platforms; longer ones point
        // to an allocation with a 32-byte header and a terminating NUL.
        let inlineLimit = 15
        var bytes = movies.count * MemoryLayout<Movie>.stride
        for movie in movies where movie.title.utf8.count > inlineLimit {
            bytes += 32 + movie.title.utf8.count + 1
        }
        return bytes
    }

    private static func pick(_ words: [String], using generator: inout SeededGenerator) -> String {
        words[Int.random(in: 0..<words.count, using: &generator)]
    }
}
