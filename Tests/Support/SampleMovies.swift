// The movies most tests start from, and the error they inject: one definition for every test target
// (the core's, the views', the app's), so no two suites can disagree on what "the sample" is.

import MoviesCore

/// Three movies, enough to move, delete and insert around.
package let sampleMovies = [
    Movie(id: 1, title: "Alien", year: 1979),
    Movie(id: 2, title: "Heat", year: 1995),
    Movie(id: 3, title: "Jaws", year: 1975),
]

/// An error a test can inject and recognise; it reads "offline", as a fetch failure would.
package struct TestFailure: Error, Equatable, CustomStringConvertible {
    package var description = "offline"

    package init() {}
}

extension Movie {
    /// This movie with `title` instead of its own: the other side of a row that reads
    /// differently, for a test that writes out an `.updated` Change.
    package func titled(_ title: String) -> Movie {
        var movie = self
        movie.title = title
        return movie
    }

    /// This movie rated `stars` (`nil`: unrated).
    package func rated(_ stars: Int?) -> Movie {
        var movie = self
        movie.rating = stars
        return movie
    }
}

extension Movie {
    /// A movie with a value in every field of `Movie.Field`.
    ///
    /// Each value comes from its field's kind (the largest valid number, a title with what JSON
    /// escapes): a format that misses a field reads this back as another movie. Built from the
    /// table, so a new field is in it at once.
    package static var everyFieldSet: Movie {
        var movie = Movie.unread
        for field in Field.allCases {
            switch field.kind {
            case .number(let valid), .optionalNumber(let valid):
                movie[field] = .number(valid.upperBound)
            case .title:
                movie[field] = .text("Every \"field\" set\\/")
            }
        }
        return movie
    }
}
