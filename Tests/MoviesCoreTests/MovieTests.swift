// `Movie`'s own rules: the valid years and what counts as a blank title, shared by the catalog
// loader and the insert reducer.

import Testing

@testable import MoviesCore

@Suite("Movie")
struct MovieTests {
    @Test func validYearsSpanTheHistoryOfFilm() {
        #expect(Movie.validYears == 1888...2100)
    }

    @Test func blankTitles() {
        // A loop, not test arguments: Swift Testing would print the tab and newline raw.
        for (title, blank) in [
            ("", true), ("  \t", true), ("\n", true), ("A", false), (" A ", false),
        ] {
            #expect(Movie.isBlank(title) == blank, "\(title.debugDescription)")
        }
    }

    @Test func theTitleCapCountsUnicodeScalars() {
        #expect(!Movie.isTooLong(String(repeating: "x", count: 500)))
        #expect(Movie.isTooLong(String(repeating: "x", count: 501)))
        // 500 scalars of 4 bytes each: 2,000 bytes, still within the cap.
        #expect(!Movie.isTooLong(String(repeating: "🎬", count: 500)))
        #expect(Movie.isTooLong(String(repeating: "🎬", count: 501)))
        // One character, 501 scalars: too long, however few characters it looks like.
        let marked = "e" + String(repeating: "\u{301}", count: 500)
        #expect(marked.count == 1)
        #expect(Movie.isTooLong(marked))
    }

    @Test func validIDsLeaveRoomForTheNextID() {
        #expect(Movie.validIDs == 1...999_999_999_999)
        // The store hands out `largest + 1`; at the top of the range that cannot overflow.
        #expect(Movie.validIDs.upperBound.addingReportingOverflow(1).overflow == false)
        // Every valid id survives a trip through a Double, as JavaScript's JSON reader makes.
        #expect(Int(Double(Movie.validIDs.upperBound)) == Movie.validIDs.upperBound)
    }

    @Test func codesInTheCatalogSchema() throws {
        let movie = Movie(id: 7, title: "Jaws", year: 1975)
        #expect(Catalog.jsonLine([movie]) == #"[{"id":7,"title":"Jaws","year":1975}]"#)
        #expect(movie.id == 7)
    }
}
