// `Movie`'s own rules: the valid years and what counts as a blank title, shared by the catalog
// loader and the insert reducer.

import Testing

@testable import MoviesCore

@Suite("Movie")
struct MovieTests {
    @Test func validYearsSpanTheHistoryOfFilm() {
        #expect(Movie.validYears == 1888...2100)
    }

    @Test(arguments: [("", true), ("  \t", true), ("\n", true), ("A", false), (" A ", false)])
    func blankTitles(title: String, blank: Bool) {
        #expect(Movie.isBlank(title) == blank)
    }

    @Test func codesInTheCatalogSchema() throws {
        let movie = Movie(id: 7, title: "Jaws", year: 1975)
        #expect(Catalog.jsonLine([movie]) == #"[{"id":7,"title":"Jaws","year":1975}]"#)
        #expect(movie.id == 7)
    }
}
