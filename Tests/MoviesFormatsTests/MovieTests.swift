// `Movie`'s own rules, tested by what they do: a movie goes through the catalog's JSON and back
// unchanged, and the catalog loader and the insert reducer agree with docs/COMMANDS.md on every
// boundary (ids 1–999,999,999,999, years 1888–2100, blank titles, 500 Unicode scalars).

import Foundation
import Testing

@testable import MoviesCore
@testable import MoviesFormats

@Suite("Movie")
struct MovieTests {
    /// Whether the catalog loader accepts a catalog of one movie with these fields (the JSON is
    /// built without `Movie`'s own coding).
    private func catalogAccepts(id: Int = 1, title: String = "A", year: Int = 1999) -> Bool {
        let object: [[String: Any]] = [["id": id, "title": title, "year": year]]
        guard let json = try? JSONSerialization.data(withJSONObject: object) else { return false }
        return (try? Catalog.decode(json, file: "m.json")) != nil
    }

    /// Whether the insert reducer accepts a movie with these fields.
    private func insertAccepts(title: String = "A", year: Int = 1999) -> Bool {
        var state = MoviesState()
        return (try? state.insert(title: title, year: year, at: 0)) != nil
    }

    @Test func theBundledCatalogGoesThroughJSONAndBackUnchanged() throws {
        let bytes = Data(PackageResources.movies_json)
        let movies = try Catalog.decode(bytes, file: "movies.json")
        #expect(movies.count >= 25)
        // `Movie`'s Codable conformance reads the catalog's schema as the strict reader does…
        #expect(try JSONDecoder().decode([Movie].self, from: bytes) == movies)
        // …and writes it: exactly the three keys, read back by the strict reader unchanged.
        let encoded = try JSONEncoder().encode(movies)
        let objects = try #require(
            try JSONSerialization.jsonObject(with: encoded) as? [[String: Any]])
        #expect(objects.allSatisfy { Set($0.keys) == ["id", "title", "year"] })
        #expect(try Catalog.decode(encoded, file: "x.json") == movies)
    }

    @Test func aHostileTitleGoesThroughJSONAndBackUnchanged() throws {
        let movie = Movie(
            id: 999_999_999_999, title: "a\u{0}\u{1B}[31m\u{9B}\u{202E}\u{2028}\"\\🎬e\u{301}",
            year: 1888)
        let encoded = try JSONEncoder().encode([movie])
        let decoded = try Catalog.decode(encoded, file: "x.json")
        // Compared as Bools: a failure message must not print the title raw.
        let same = decoded == [movie]
        let sameScalars =
            decoded.first?.title.unicodeScalars.elementsEqual(movie.title.unicodeScalars) == true
        #expect(same && sameScalars)
    }

    @Test func yearsFrom1888To2100AreValidForTheCatalogAndForInsert() {
        for (year, valid) in [
            (Int.min, false), (0, false), (1887, false), (1888, true), (2100, true), (2101, false),
            (Int.max, false),
        ] {
            #expect(Movie.validYears.contains(year) == valid, "year \(year)")
            #expect(catalogAccepts(year: year) == valid, "year \(year) in a catalog")
            #expect(insertAccepts(year: year) == valid, "year \(year) inserted")
        }
    }

    @Test func idsFrom1To999999999999AreValidInACatalog() {
        for (id, valid) in [
            (Int.min, false), (-1, false), (0, false), (1, true), (999_999_999_999, true),
            (1_000_000_000_000, false), (Int.max, false),
        ] {
            #expect(catalogAccepts(id: id) == valid, "id \(id)")
        }
        // Every valid id survives a trip through a Double, as JavaScript's JSON reader makes.
        #expect(Int(Double(Movie.validIDs.upperBound)) == Movie.validIDs.upperBound)
    }

    @Test func insertHandsOutIdsUpToTheTopOfTheRangeAndNoFurther() throws {
        var state = MoviesState(movies: [Movie(id: 999_999_999_998, title: "A", year: 1999)])
        let change = try state.insert(title: "B", year: 2000, at: 1)
        #expect(change == .inserted(Movie(id: 999_999_999_999, title: "B", year: 2000), at: 1))
        let before = state
        #expect(throws: MoviesState.EditError.noFreeID(valid: 1...999_999_999_999)) {
            try state.insert(title: "C", year: 2000, at: 2)
        }
        #expect(state == before)
    }

    /// Titles made only of whitespace, of every kind, are blank; anything else is not, however
    /// invisible (a zero-width space is a format character, not whitespace).
    static let blankTitles: [(title: String, blank: Bool)] = [
        ("", true), (" ", true), ("\t\n", true), ("\r\n", true), ("\u{A0}", true),
        ("\u{85}", true), ("\u{3000}", true), ("\u{2003}\u{2009}", true), ("\u{2028}", true),
        ("A", false), (" A ", false), ("\u{3000}x", false),
        ("x" + String(repeating: " ", count: 99), false),
        ("\u{200B}", false), ("\u{1B}", false), ("\u{301}", false), ("é", false),
    ]

    @Test func blankMeansWhitespaceOnlyForTheCatalogAndForInsert() {
        // A loop, not test arguments, and results taken before the expectations: Swift Testing
        // would print the titles' controls raw. A failure names the title's scalars instead.
        for (title, blank) in Self.blankTitles {
            let scalars = title.unicodeScalars.map { String($0.value, radix: 16) }
            let results = (
                Movie.isBlank(title), catalogAccepts(title: title), insertAccepts(title: title)
            )
            #expect(results == (blank, !blank, !blank), "scalars \(scalars)")
        }
    }

    @Test func theTitleCapIs500UnicodeScalarsForTheCatalogAndForInsert() {
        let flag = "\u{1F1FA}\u{1F1F8}"  // two scalars, one character
        for (title, tooLong, what) in [
            (String(repeating: "x", count: 500), false, "500 ASCII letters"),
            (String(repeating: "x", count: 501), true, "501 ASCII letters"),
            (String(repeating: "é", count: 500), false, "500 two-byte letters"),
            (String(repeating: "🎬", count: 500), false, "500 four-byte emoji (2,000 bytes)"),
            (String(repeating: "🎬", count: 501), true, "501 emoji"),
            ("e" + String(repeating: "\u{301}", count: 499), false, "1 character, 500 scalars"),
            ("e" + String(repeating: "\u{301}", count: 500), true, "1 character, 501 scalars"),
            (String(repeating: flag, count: 250), false, "250 flags, 500 scalars"),
            (String(repeating: flag, count: 250) + "x", true, "250 flags and a letter"),
        ] {
            // Results taken first, so that a failure prints `what`, not 500 scalars of title.
            let results = (
                Movie.isTooLong(title), catalogAccepts(title: title), insertAccepts(title: title)
            )
            #expect(results == (tooLong, !tooLong, !tooLong), "\(what)")
        }
    }
}
