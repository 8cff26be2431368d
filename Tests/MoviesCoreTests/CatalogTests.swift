// The catalog schema: the bundled catalog loads, every kind of bad file becomes a `CatalogError`
// naming the file and the problem, and `jsonLine` writes the same schema back.

import Foundation
import Testing

@testable import MoviesCore

@Suite("Catalog")
struct CatalogTests {
    @Test func theBundledCatalogLoadsAndIsValid() async throws {
        let movies = try await FakeMoviesAPI(latency: .zero).fetchMovies()
        #expect((25...40).contains(movies.count))
        #expect(Set(movies.map(\.id)).count == movies.count)
        #expect(movies.first == Movie(id: 1, title: "The Godfather", year: 1972))
    }

    @Test(arguments: [
        ("", CatalogError.Problem.notJSON),
        ("[{\"id\": 1,", .notJSON),
        ("{\"id\": 1}", .wrongSchema("the top level: expected an array of movies")),
        ("[{\"id\": 1, \"year\": 1999}]", .wrongSchema("item 1: missing \"title\"")),
        (
            "[{\"id\": \"1\", \"title\": \"A\", \"year\": 1999}]",
            .wrongSchema("item 1, \"id\": expected a whole number")
        ),
        (
            "[{\"id\": 1, \"title\": null, \"year\": 1999}]",
            .wrongSchema("item 1, \"title\": expected a string, found null")
        ),
        (
            "[{\"id\": 1, \"title\": \"A\", \"year\": 1999}, {\"id\": 1, \"title\": \"B\", \"year\": 1999}]",
            .duplicateID(1, item: 2)
        ),
        ("[{\"id\": 1, \"title\": \" \", \"year\": 1999}]", .emptyTitle(item: 1)),
        (
            "[{\"id\": 1, \"title\": \"A\", \"year\": 1700}]",
            .yearOutOfRange(1700, item: 1, valid: 1888...2100)
        ),
    ])
    func badContentIsATypedError(json: String, problem: CatalogError.Problem) {
        #expect(throws: CatalogError(file: "x.json", problem: problem)) {
            try Catalog.decode(Data(json.utf8), file: "x.json")
        }
    }

    @Test func aTitleLongerThanTheMaximumIsRejected() {
        let title = String(repeating: "x", count: 501)
        let json = #"[{"id": 1, "title": "\#(title)", "year": 1999}]"#
        #expect(throws: CatalogError(file: "x.json", problem: .titleTooLong(item: 1, maximum: 500)))
        {
            try Catalog.decode(Data(json.utf8), file: "x.json")
        }
    }

    @Test func anEmptyListIsValid() throws {
        #expect(try Catalog.decode(Data("[]".utf8), file: "x.json") == [])
    }

    @Test func aMissingFileIsNamed() {
        let url = URL(fileURLWithPath: "/nonexistent/movies.json")
        #expect(throws: CatalogError(file: "/nonexistent/movies.json", problem: .missing)) {
            try Catalog.load(from: url)
        }
    }

    @Test func aDirectoryIsNotACatalog() {
        let url = FileManager.default.temporaryDirectory
        #expect(throws: CatalogError(file: url.path, problem: .unreadable("it is a directory"))) {
            try Catalog.load(from: url)
        }
    }

    @Test func jsonLineUsesTheCatalogSchemaAndRoundTrips() throws {
        let line = Catalog.jsonLine(Array(sampleMovies.prefix(1)))
        #expect(line == #"[{"id":1,"title":"Alien","year":1979}]"#)
        let all = Catalog.jsonLine(sampleMovies)
        #expect(!all.contains("\n"))
        #expect(try Catalog.decode(Data(all.utf8), file: "-") == sampleMovies)
    }

    @Test func errorDescriptionsNameTheFileAndTheProblem() {
        let cases: [(CatalogError.Problem, String)] = [
            (.missing, "m.json: no such file"),
            (.unreadable("Permission denied"), "m.json: cannot be read (Permission denied)"),
            (
                .tooLarge(bytes: 50 * 1_048_576, limit: 16 * 1_048_576),
                "m.json: is 50.0 MiB, larger than the 16.0 MiB limit"
            ),
            (.notJSON, "m.json: is not valid JSON"),
            (
                .wrongSchema("item 1: missing \"title\""),
                "m.json: is not a list of movies: item 1: missing \"title\""
            ),
            (
                .duplicateID(3, item: 4),
                "m.json: item 4: id 3 is used by an earlier movie; ids must be unique"
            ),
            (.emptyTitle(item: 2), "m.json: item 2: the title is empty"),
            (
                .titleTooLong(item: 2, maximum: 500),
                "m.json: item 2: the title is longer than 500 characters"
            ),
            (
                .yearOutOfRange(3000, item: 1, valid: 1888...2100),
                "m.json: item 1: year 3000 is out of range; valid years are 1888–2100"
            ),
        ]
        for (problem, message) in cases {
            #expect(CatalogError(file: "m.json", problem: problem).description == message)
        }
    }
}
