// The state file's contents: a snapshot and a journal restore to exactly the list they describe; a
// torn last line is dropped; every other kind of damage is an error naming the line.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCore
@testable import MoviesFormats

@Suite("StateFile")
struct StateFileTests {
    static let up = Movie(id: 7, title: "Up", year: 2009)

    /// The bytes of a state file: the snapshot of `movies`, then one journal line per Change.
    static func file(_ movies: [Movie], _ journal: [MoviesState.Change], tail: String = "") -> Data
    {
        var bytes = StateFile.snapshot(movies)
        for change in journal { bytes += StateFile.journalLine(change) }
        return Data(bytes + Array(tail.utf8))
    }

    @Test func aSnapshotIsTheCatalogFileJSONEncoderWouldWrite() throws {
        let hostile = Movie(id: 7, title: "a\"b\\c\u{0}\u{7F}\u{1B}é/🎬\u{2028}", year: 2001)
        let movies = sampleMovies + [hostile]
        #expect(StateFile.snapshot(movies) == (try SortedJSON.bytes(movies)) + [0x0A])
        #expect(Catalog.file(movies) == StateFile.snapshot(movies))
        #expect(Catalog.file([]) == Array("[]\n".utf8))
    }

    @Test func aSnapshotAloneRestoresItsList() throws {
        let restored = try StateFile.restore(Self.file(sampleMovies, []), file: "s")
        #expect(restored.state == MoviesState(movies: sampleMovies))
        #expect(restored.journalLines == 0)
        #expect(restored.canAppend)
        #expect(restored.validLength == restored.snapshotBytes)
    }

    @Test func theJournalIsAppliedInOrder() throws {
        let down = Movie(id: 7, title: "Down", year: 2009)
        let journal: [MoviesState.Change] = [
            .inserted(Self.up, at: 1), .moved(sampleMovies[0], from: 0, to: 3),
            .deleted(sampleMovies[1], at: 1), .inserted(sampleMovies[1], at: 0),
            .updated(at: 1, old: down.titled("Up"), new: down),
        ]
        let bytes = Self.file(sampleMovies, journal)
        let restored = try StateFile.restore(bytes, file: "s")
        #expect(
            restored.state.movies == [sampleMovies[1], down, sampleMovies[2], sampleMovies[0]])
        #expect(restored.state.nextID == 8)
        #expect(restored.journalLines == 5)
        #expect(restored.validLength == bytes.count)
    }

    @Test(arguments: [
        #"{"inserted":{"at":0,"mov"#, "{", "\u{0}\u{0}\u{0}",
        #"{"renamed":{"at":0,"movie":{"id":2,"title":"Heat 2","year":1995},"oldTi"#,
    ])
    func aTornLastLineIsDropped(tail: String) throws {
        let bytes = Self.file(sampleMovies, [.deleted(sampleMovies[0], at: 0)], tail: tail)
        let restored = try StateFile.restore(bytes, file: "s")
        #expect(restored.state.movies == Array(sampleMovies.dropFirst()))
        #expect(restored.validLength == bytes.count - tail.utf8.count)
    }

    @Test func aPrettyPrintedCatalogIsASnapshotThatMustBeRewrittenBeforeAppending() throws {
        let pretty = "[\n  {\"id\": 1, \"title\": \"Alien\", \"year\": 1979}\n]\n"
        let restored = try StateFile.restore(Data(pretty.utf8), file: "s")
        #expect(restored.state.movies == [sampleMovies[0]])
        #expect(!restored.canAppend)
    }

    @Test func aCatalogWhoseFirstLineLooksLikeAWholeArrayIsReadAsOneCatalog() throws {
        // Line 1 starts with `[` and ends with `]` (inside a list of genres), but the array goes
        // on: the file is a catalog over two lines, not a snapshot and a journal.
        let text = #"[{"id":1,"title":"Alien","year":1979,"genres":["sf"]"# + "\n}]\n"
        let restored = try StateFile.restore(Data(text.utf8), file: "s")
        #expect(restored.state.movies == [sampleMovies[0]])
        #expect(!restored.canAppend, "rewritten as a snapshot before anything is appended")
    }

    @Test(arguments: [
        (
            "not json\n",
            StateFileError.Problem.snapshot(
                .wrongSchema("the top level: expected an array of movies"))
        ),
        (
            "hello\n",
            .snapshot(.notJSON(line: 1, column: 1, reason: "expected a JSON array of movies"))
        ),
        (
            #"[{"id":1,"title":"A","year":1}]"#,
            .snapshot(.outOfRange("1", key: "year", item: 1, valid: 1888...2100))
        ),
    ])
    func aBrokenSnapshotIsAnError(text: String, problem: StateFileError.Problem) {
        #expect(throws: StateFileError(file: "s", line: nil, problem: problem)) {
            try StateFile.restore(Data(text.utf8), file: "s")
        }
        // The same snapshot as the first line of a journaled file is line 1's problem.
        let journaled = Data((text + "\n" + #"{"deleted":{}}"# + "\n").utf8)
        if text.hasPrefix("[") {
            #expect(throws: StateFileError(file: "s", line: 1, problem: problem)) {
                try StateFile.restore(journaled, file: "s")
            }
        }
    }

    @Test(arguments: [
        ("garbage", StateFileError.Problem.notAChange),
        (#"{"fetch":{"status":{"idle":{}}}}"#, .notAnEdit),
        (#"{"reloaded":{"replaced":[]}}"#, .notAnEdit),
        (#"{"deleted":{"at":0,"movie":{"id":3,"title":"Jaws","year":1975}}}"#, .doesNotApply),
        (
            #"{"moved":{"from":0,"movie":{"id":1,"title":"Alien","year":1979},"to":9}}"#,
            .doesNotApply
        ),
        (#"{"inserted":{"at":9,"movie":{"id":8,"title":"Up","year":2009}}}"#, .doesNotApply),
        (#"{"inserted":{"at":0,"movie":{"id":2,"title":"Up","year":2009}}}"#, .duplicateID(2)),
        (
            #"{"inserted":{"at":0,"movie":{"id":8,"title":"Up","year":1700}}}"#,
            .invalidMovie(.outOfRange("1700", key: "year", item: 1, valid: 1888...2100))
        ),
        (
            #"{"inserted":{"at":0,"movie":{"id":8,"title":"","year":2000}}}"#,
            .invalidMovie(.emptyTitle(item: 1))
        ),
        // After the good line the list is Heat, Jaws, Alien.
        (
            #"{"renamed":{"at":0,"movie":{"id":2,"title":"","year":1995},"oldTitle":"Heat"}}"#,
            .invalidMovie(.emptyTitle(item: 1))
        ),
        (
            #"{"renamed":{"at":1,"movie":{"id":2,"title":"Up","year":1995},"oldTitle":"Heat"}}"#,
            .doesNotApply
        ),
        (
            #"{"renamed":{"at":0,"movie":{"id":2,"title":"Up","year":1995},"oldTitle":"Hot"}}"#,
            .doesNotApply
        ),
        (
            #"{"renamed":{"at":0,"movie":{"id":2,"title":"Up","year":2001},"oldTitle":"Heat"}}"#,
            .doesNotApply
        ),
        (
            #"{"renamed":{"at":0,"movie":{"id":2,"title":"Up","year":1995},"oldTitle":null}}"#,
            .notAChange
        ),
    ])
    func aBadJournalLineIsAnErrorNamingItsLine(line: String, problem: StateFileError.Problem) {
        let good = StateFile.journalLine(.moved(sampleMovies[0], from: 0, to: 2))
        // The bad line is line 3: the snapshot is line 1, a good journal line is line 2.
        let bytes = Data(StateFile.snapshot(sampleMovies) + good + Array((line + "\n").utf8))
        #expect(throws: StateFileError(file: "s", line: 3, problem: problem)) {
            try StateFile.restore(bytes, file: "s")
        }
    }

    /// Movies written in ways the catalog's reader accepts or refuses, as journaled inserts.
    private static let movieSpellings = [
        #"{"id":8,"title":"Up","year":2009}"#,
        #"{"id":8.0,"title":"Up","year":2.009e3}"#,
        #"{"id":80e-1,"title":"Up","year":2009,"extra":[1,{"a":null}]}"#,
        #"{"id":8.0000000000000001,"title":"Up","year":2009}"#,
        #"{"id":8.5,"title":"Up","year":2009}"#,
        #"{"id":08,"title":"Up","year":2009}"#,
        #"{"id":8,"title":"Up","year":2009,"year":2010}"#,
        #"{"id":8,"id":9,"title":"Up","year":2009}"#,
        #"{"id":8,"title":"Up","title":"Down","year":2009}"#,
        #"{"id":8,"title":"Up","year":2009,"x":1,"x":2}"#,
        #"{"id":8,"title":"U\ud800p","year":2009}"#,
        #"{"id":8,"title":"Up","year":1e400}"#,
        #"{"id":8,"title":"Up","year":2009,}"#,
        #"{"id":8,"title":"Up"}"#,
    ]

    @Test(arguments: movieSpellings)
    func aJournaledMovieFollowsTheCatalogsRules(movie: String) {
        let catalogAccepts = (try? Catalog.decode(Data("[\(movie)]".utf8), file: "c")) != nil
        let line = #"{"inserted":{"at":0,"movie":"# + movie + "}}\n"
        let bytes = Data(StateFile.snapshot(sampleMovies) + Array(line.utf8))
        let journalAccepts = (try? StateFile.restore(bytes, file: "s")) != nil
        #expect(journalAccepts == catalogAccepts)
    }

    @Test(arguments: [
        #"{"moved":{"from":0,"from":1,"movie":{"id":1,"title":"Alien","year":1979},"to":2}}"#,
        // A key twice in place of a missing one: as many keys as a move has, yet not a move.
        #"{"moved":{"from":0,"from":0,"movie":{"id":1,"title":"Alien","year":1979}}}"#,
        #"{"moved":{"from":0,"movie":{"id":1,"title":"Alien","year":1979},"to":2,"to":1}}"#,
        #"{"moved":{"from":0,"movie":{"id":1,"title":"Alien","year":1979},"to":2.5}}"#,
        #"{"moved":{"from":0,"movie":{"id":1,"title":"Alien","year":1979}}}"#,
        #"{"moved":{"at":0,"movie":{"id":1,"title":"Alien","year":1979},"to":2}}"#,
        #"{"deleted":{"at":0.0000000000000001,"movie":{"id":1,"title":"Alien","year":1979}}}"#,
        #"{"deleted":{"at":0,"movie":{"id":1,"title":"Alien","year":1979}},"deleted":{}}"#,
        #"{"deleted":{"at":0,"movie":{"id":1,"title":"Alien","year":1979}}} x"#,
    ])
    func aJournalLineWithAKeyTwiceOrANumberNotWholeIsNotAChange(line: String) {
        let bytes = Data(StateFile.snapshot(sampleMovies) + Array((line + "\n").utf8))
        #expect(throws: StateFileError(file: "s", line: 2, problem: .notAChange)) {
            try StateFile.restore(bytes, file: "s")
        }
    }

    @Test func aJournalLineSpelledAsTheCatalogAllowsRestores() throws {
        let line =
            #" { "moved" : { "to" : 2e0, "movie" : {"year":1979,"title":"Alien","id":1.0}, "#
            + #""from" : 0.0 } } "#
        let bytes = Data(StateFile.snapshot(sampleMovies) + Array((line + "\n").utf8))
        let restored = try StateFile.restore(bytes, file: "s")
        #expect(restored.state.movies == [sampleMovies[1], sampleMovies[2], sampleMovies[0]])
    }

    @Test func errorsNameTheFileTheLineAndTheProblem() {
        #expect(
            StateFileError(file: "m.state", line: 4, problem: .doesNotApply).description
                == "m.state: line 4: the change does not fit the list at that point; "
                + "the journal does not belong to this snapshot")
        #expect(
            StateFileError(
                file: "m.state", line: nil,
                problem: .snapshot(
                    .notJSON(line: 1, column: 1, reason: "expected a JSON array of movies"))
            ).description
                == "m.state: is not valid JSON: line 1, column 1: expected a JSON array of movies")
        #expect(
            StateFileError(file: "m.state", line: 2, problem: .duplicateID(5)).description
                == "m.state: line 2: the inserted movie's id 5 is in the list already")
        // The kinds a journal holds are named as the journal's one definition names them.
        #expect(
            StateFileError(file: "m.state", line: 3, problem: .notAnEdit).description
                == #"m.state: line 3: a journal holds only "inserted", "deleted", "moved" and "#
                + #""updated" changes"#)
    }

    @Test func anIDDeletedInTheJournalIsNotHandedOutAgain() throws {
        let bytes = Self.file(sampleMovies, [.inserted(Self.up, at: 0), .deleted(Self.up, at: 0)])
        let restored = try StateFile.restore(bytes, file: "s")
        #expect(restored.state.movies == sampleMovies)
        #expect(restored.state.nextID == 8)
    }

    // MARK: - One bound at every door

    /// The bytes `movies` take as a catalog file, the bound the tests below put on the list.
    private static func catalogBytes(_ movies: [Movie]) -> Int {
        Catalog.file(movies).count
    }

    @Test func aListThatFitsTheCatalogsBoundExactlyIsRestored() throws {
        let limit = Self.catalogBytes(sampleMovies)
        let snapshot = Self.file(sampleMovies, [])
        #expect(
            try StateFile.restore(snapshot, file: "s", limit: limit).state.movies == sampleMovies)
        let journaled = Self.file(
            Array(sampleMovies.dropLast()), [.inserted(sampleMovies[2], at: 2)])
        #expect(
            try StateFile.restore(journaled, file: "s", limit: limit).state.movies == sampleMovies)
    }

    @Test func aSnapshotOverTheBoundIsRefusedBeforeItIsRead() {
        let limit = Self.catalogBytes(sampleMovies) - 1
        let bytes = Self.file(sampleMovies, [.deleted(sampleMovies[0], at: 0)])
        #expect(
            throws: StateFileError(
                file: "s", line: nil, problem: .tooLarge(bytes: limit + 1, limit: limit))
        ) {
            try StateFile.restore(bytes, file: "s", limit: limit)
        }
        // Not even read: a snapshot that is not JSON at all is refused for its size alone.
        let junk = Data(("[" + String(repeating: "x", count: limit) + "]\n").utf8)
        #expect(
            throws: StateFileError(
                file: "s", line: nil, problem: .tooLarge(bytes: junk.count, limit: limit))
        ) {
            try StateFile.restore(junk, file: "s", limit: limit)
        }
    }

    @Test func aPlainCatalogOverTheBoundIsRefused() {
        let pretty = Data(
            "[\n  {\"id\": 1, \"title\": \"Alien\", \"year\": 1979}\n]\n".utf8)
        let limit = pretty.count - 1
        #expect(
            throws: StateFileError(
                file: "s", line: nil, problem: .tooLarge(bytes: pretty.count, limit: limit))
        ) {
            try StateFile.restore(pretty, file: "s", limit: limit)
        }
    }

    @Test func aJournalThatGrowsTheListPastTheBoundIsRefused() {
        let up = Movie(id: 7, title: "Up", year: 2009)
        let limit = Self.catalogBytes(sampleMovies)
        let bytes = Self.file(sampleMovies, [.inserted(up, at: 0)])
        #expect(
            throws: StateFileError(
                file: "s", line: nil,
                problem: .tooLarge(bytes: Self.catalogBytes([up] + sampleMovies), limit: limit))
        ) {
            try StateFile.restore(bytes, file: "s", limit: limit)
        }
    }

    @Test func aJournalThatRenamesTheListPastTheBoundIsRefused() throws {
        let aliens = Movie(id: 1, title: "Aliens", year: 1979)
        let renamed = [aliens] + sampleMovies.dropFirst()
        let limit = Self.catalogBytes(sampleMovies)
        let bytes = Self.file(
            sampleMovies, [.updated(at: 0, old: aliens.titled("Alien"), new: aliens)])
        #expect(
            throws: StateFileError(
                file: "s", line: nil,
                problem: .tooLarge(bytes: Self.catalogBytes(renamed), limit: limit))
        ) {
            try StateFile.restore(bytes, file: "s", limit: limit)
        }
        // One byte shorter: it fits exactly.
        let ali = Movie(id: 1, title: "Alie", year: 1979)
        let shorter = Self.file(sampleMovies, [.updated(at: 0, old: ali.titled("Alien"), new: ali)])
        #expect(try StateFile.restore(shorter, file: "s", limit: limit).state.movies.first == ali)
    }

    @Test func theBoundIsTheCatalogsAndItsMessageSaysWhy() {
        #expect(
            StateFileError(
                file: "big.st", line: nil,
                problem: .tooLarge(bytes: 18_000_000, limit: Catalog.maximumFileSize)
            ).description
                == "big.st: the list is 17.2 MiB as a catalog, larger than the 16.0 MiB limit of a "
                + "catalog, so the file would not read back as one")
    }
}
