// The catalog schema: the bundled catalog loads, every kind of bad content becomes a `CatalogError`
// naming the file and the problem, and `jsonLine` writes the same schema back. (The JSON reader's
// own cases are in JSONReaderTests, the file checks in CatalogFileTests.)

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCore
@testable import MoviesFormats
@testable import SystemBoundary

@Suite("Catalog", .hangGuard)
struct CatalogTests {
    @Test func theBundledCatalogLoadsAndIsValid() async throws {
        let movies = try await FakeMoviesAPI(catalogPath: nil, latency: .zero).fetchMovies()
        #expect((25...40).contains(movies.count))
        #expect(Set(movies.map(\.id)).count == movies.count)
        #expect(movies.first == Movie(id: 1, title: "The Godfather", year: 1972))
    }

    /// A rating is optional: left out, or `null` as `JSONDecoder` reads it, the movie has none.
    @Test func aRatingLeftOutOrNullIsNone() throws {
        let json =
            #"[{"id":1,"title":"A","year":1999},{"id":2,"rating":null,"title":"B","year":1999},"#
            + #"{"id":3,"rating":5,"title":"C","year":1999}]"#
        let movies = try Catalog.decode(Data(json.utf8), file: "x.json")
        #expect(movies.map(\.rating) == [nil, nil, 5])
    }

    @Test(arguments: [
        ("", CatalogError.Problem.notJSON(line: 1, column: 1, reason: "the file is empty")),
        ("[{\"id\": 1,", .notJSON(line: 1, column: 11, reason: "the file ends inside a movie")),
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
            .outOfRange("1700", key: "year", item: 1, valid: 1888...2100)
        ),
        (
            "[{\"id\": 0, \"title\": \"A\", \"year\": 1999}]",
            .outOfRange("0", key: "id", item: 1, valid: 1...999_999_999_999)
        ),
        (
            "[{\"id\": 9223372036854775807, \"title\": \"A\", \"year\": 1999}]",
            .outOfRange("9223372036854775807", key: "id", item: 1, valid: 1...999_999_999_999)
        ),
        (
            "[{\"id\": 1, \"rating\": 6, \"title\": \"A\", \"year\": 1999}]",
            .outOfRange("6", key: "rating", item: 1, valid: 1...5)
        ),
        (
            "[{\"id\": 1, \"rating\": 0, \"title\": \"A\", \"year\": 1999}]",
            .outOfRange("0", key: "rating", item: 1, valid: 1...5)
        ),
        (
            "[{\"id\": 1, \"rating\": \"4\", \"title\": \"A\", \"year\": 1999}]",
            .wrongSchema("item 1, \"rating\": expected a whole number")
        ),
        (
            "[{\"id\": 1, \"rating\": 4, \"rating\": 4, \"title\": \"A\", \"year\": 1999}]",
            .duplicateKey("rating", item: 1)
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

    @Test func aTitleOfOneCharacterWithAMillionCombiningMarksIsTooLong() {
        // One `Character`, a million Unicode scalars: the cap counts scalars.
        let title = "e" + String(repeating: "\u{301}", count: 1_000_000)
        #expect(title.count == 1)
        let json = Catalog.jsonLine([Movie(id: 1, title: title, year: 1999)])
        #expect(throws: CatalogError(file: "x.json", problem: .titleTooLong(item: 1, maximum: 500)))
        {
            try Catalog.decode(Data(json.utf8), file: "x.json")
        }
    }

    @Test(arguments: [1, 2, 999_999_999_998, 999_999_999_999])
    func idsUpToTheLimitLoad(id: Int) throws {
        let json = #"[{"id": \#(id), "title": "A", "year": 1999}]"#
        #expect(try Catalog.decode(Data(json.utf8), file: "x.json").map(\.id) == [id])
    }

    @Test(arguments: [
        "1000000000000", "9223372036854775806", "9223372036854775807", "9223372036854775808",
        "-1", "-9223372036854775808", "1e400",
    ])
    func idsBeyondTheLimitAreOutOfRangeNotATrap(id: String) {
        let json = #"[{"id": \#(id), "title": "A", "year": 1999}]"#
        #expect(
            throws: CatalogError(
                file: "x.json", problem: .outOfRange(id, key: "id", item: 1, valid: Movie.validIDs))
        ) {
            try Catalog.decode(Data(json.utf8), file: "x.json")
        }
    }

    @Test func aMissingFileIsNamed() {
        let url = URL(fileURLWithPath: "/nonexistent/movies.json")
        #expect(throws: CatalogError(file: "/nonexistent/movies.json", problem: .missing)) {
            try Catalog.load(path: FileName(url.path))
        }
    }

    @Test func aDirectoryIsNotACatalog() {
        let url = FileManager.default.temporaryDirectory
        #expect(throws: CatalogError(file: url.path, problem: .notAFile(.directory))) {
            try Catalog.load(path: FileName(url.path))
        }
    }

    @Test func aLoadedFileIsDecodedWithTheSameChecks() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = try folder.write(Data(Catalog.jsonLine(sampleMovies).utf8))
        #expect(try Catalog.load(path: FileName(url.path)) == sampleMovies)
        let bad = try folder.write(
            Data(#"[{"id": 1.5, "title": "A", "year": 1999}]"#.utf8), name: "bad.json")
        #expect(
            throws: CatalogError(
                file: bad.path, problem: .notWholeNumber("1.5", key: "id", item: 1))
        ) {
            try Catalog.load(path: FileName(bad.path))
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
            (.danglingLink, "m.json: is a symbolic link to a file that does not exist"),
            (
                .linkLoop,
                "m.json: is a loop of symbolic links (too many levels of links to follow)"
            ),
            (.notAFile(.directory), "m.json: is a directory, not a regular file"),
            (.notAFile(.namedPipe), "m.json: is a named pipe (FIFO), not a regular file"),
            (.notAFile(.socket), "m.json: is a socket, not a regular file"),
            (.notAFile(.characterDevice), "m.json: is a character device, not a regular file"),
            (.notAFile(.blockDevice), "m.json: is a block device, not a regular file"),
            (.notAFile(.other), "m.json: is not a regular file"),
            (.unreadable("Permission denied"), "m.json: cannot be read (Permission denied)"),
            (
                .tooLarge(bytes: 50 * 1_048_576, limit: 16 * 1_048_576),
                "m.json: is 50.0 MiB, larger than the 16.0 MiB limit"
            ),
            (
                .tooLarge(bytes: Int.max, limit: 16 * 1_048_576),
                "m.json: is 8796093022208.0 MiB, larger than the 16.0 MiB limit"
            ),
            (
                .tooLarge(bytes: nil, limit: 16 * 1_048_576),
                "m.json: is larger than the 16.0 MiB limit"
            ),
            (
                // Rounded to a tenth of a MiB both read 16.0: the sizes are told in bytes.
                .tooLarge(bytes: 16 * 1_048_576 + 1, limit: 16 * 1_048_576),
                "m.json: is 16,777,217 bytes, larger than the 16,777,216-byte limit"
            ),
            (
                .notJSON(line: 2, column: 7, reason: "expected a value"),
                "m.json: is not valid JSON: line 2, column 7: expected a value"
            ),
            (
                .wrongSchema("item 1: missing \"title\""),
                "m.json: is not a list of movies: item 1: missing \"title\""
            ),
            (
                .notWholeNumber("1.5", key: "id", item: 3),
                #"m.json: item 3: "id" 1.5 is not a whole number"#
            ),
            (
                .loneSurrogate(0xD800, key: "title", item: 2),
                #"m.json: item 2: "title" has an escaped lone surrogate (U+D800), which is not a character"#
            ),
            (
                .loneSurrogate(0xDC00, key: nil, item: 2),
                #"m.json: item 2: a key has an escaped lone surrogate (U+DC00), which is not a character"#
            ),
            (
                .duplicateKey("year", item: 4),
                #"m.json: item 4: "year" appears more than once in the same movie"#
            ),
            (
                .outOfRange("0", key: "id", item: 1, valid: 1...999_999_999_999),
                "m.json: item 1: id 0 is out of range; valid ids are 1–999999999999"
            ),
            (
                .duplicateID(3, item: 4),
                "m.json: item 4: id 3 is used by an earlier movie; ids must be unique"
            ),
            (.emptyTitle(item: 2), "m.json: item 2: the title is empty"),
            (
                .titleTooLong(item: 2, maximum: 500),
                "m.json: item 2: the title is longer than 500 Unicode code points"
            ),
            (
                .outOfRange("3000", key: "year", item: 1, valid: 1888...2100),
                "m.json: item 1: year 3000 is out of range; valid years are 1888–2100"
            ),
        ]
        for (problem, message) in cases {
            #expect(CatalogError(file: "m.json", problem: problem).description == message)
        }
    }
}
