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
