// The journal's one definition of a Change against the core's `Codable` conformance: for every kind
// of row Change, with titles full of what JSON must escape and numbers at their limits, the line
// `JournalLine` writes must be exactly what `JSONEncoder` writes with sorted keys, must decode back
// to the Change with `JSONDecoder`, and must read back to it with `JournalLine.read`; every kind of
// Change `JSONEncoder` writes reads back as what it is. Hostile titles stay inside the tests (no
// test argument or message shows one), so nothing raw reaches the terminal running them.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCore
@testable import MoviesFormats

@Suite("JournalLine")
struct JournalLineTests {
    /// Titles with every character JSON escapes, and some it must leave alone.
    private static let titles: [String] = [
        "Up", "", "Schindler's List", #"The "Quoted" \ Back\slash"#, "AC/DC: Let There Be Rock",
        "Tab\there", "New\nline", "CR\rLF\r\n", "\u{0}NUL", "\u{8}\u{C}\u{B}\u{1B}[31mRed\u{7F}",
        String(String.UnicodeScalarView((0..<32).map { Unicode.Scalar(UInt8($0)) })),
        "Amélie", "千と千尋の神隠し", "\u{202E}evil\u{2028}\u{2029}", "🎬👩‍👩‍👧", "\u{85}\u{9B}C1",
    ]

    @Test func everyKindOfRowChangeIsWrittenAsJSONEncoderWritesIt() throws {
        for (number, title) in Self.titles.enumerated() {
            let movie = Movie(id: 42, title: title, year: 1999)
            for change in Self.rowChanges(of: movie, numbers: (0, 7, 12)) {
                let line = try #require(JournalLine.line(change), "title \(number)")
                #expect(line == (try Self.encoded(change)), "title \(number)")
                #expect(try Self.decoded(line) == change, "title \(number)")
                #expect(try Self.read(line) == .edit(change, JournalStep()), "title \(number)")
            }
        }
    }

    @Test func numbersAtTheirLimitsAreWrittenInFull() throws {
        let movie = Movie(id: Int.min, title: "Limits", year: Int.max)
        for change in Self.rowChanges(of: movie, numbers: (Int.max, -1, Int.min)) {
            let line = try #require(JournalLine.line(change))
            #expect(line == (try Self.encoded(change)))
            #expect(try Self.decoded(line) == change)
        }
    }

    @Test func seededRandomChangesAreWrittenAsJSONEncoderWritesThem() throws {
        var random = SeededGenerator(seed: 7)
        for step in 0..<2_000 {
            let length = Int.random(in: 0...24, using: &random)
            let movie = Movie(
                id: Int.random(in: -1_000_000...1_000_000, using: &random),
                title: JSONEscapedTitle.random(length: length, using: &random),
                year: Int.random(in: Movie.validYears, using: &random))
            let numbers = (
                Int.random(in: 0...100_000, using: &random), Int.random(in: 0...9, using: &random),
                Int.random(in: 0...100_000, using: &random)
            )
            for change in Self.rowChanges(of: movie, numbers: numbers) {
                let line = try #require(JournalLine.line(change), "step \(step)")
                #expect(line == (try Self.encoded(change)), "step \(step)")
                #expect(try Self.read(line) == .edit(change, JournalStep()), "step \(step)")
            }
        }
    }

    /// The Changes a journal never holds: a reload is folded into a snapshot instead.
    private static let notEdits: [MoviesState.Change] = [
        .none, .fetch(.loading), .fetch(.failed("offline")), .reloaded(replaced: sampleMovies),
    ]

    @Test func changesAJournalNeverHoldsHaveNoLine() {
        for change in Self.notEdits {
            #expect(JournalLine.line(change) == nil)
            #expect(StateFile.journalEntry(change) == nil, "a reload is folded into a snapshot")
        }
    }

    @Test func theirKindsAsJSONEncoderWritesThemAreReadAsNotAnEdit() throws {
        for change in Self.notEdits {
            #expect(try Self.read(try Self.encoded(change)) == .notAnEdit)
        }
    }

    @Test func everyKindIsNamedAsTheCodableConformanceNamesIt() throws {
        let changes: [MoviesState.Change] =
            Self.notEdits + Self.rowChanges(of: sampleMovies[0], numbers: (0, 1, 2))
        for change in changes {
            let (kind, _) = JournalLine.split(change)
            let encoded = try #require(String(validating: try Self.encoded(change), as: UTF8.self))
            #expect(encoded.hasPrefix("{\"\(kind.text)\":"), "\(kind)")
        }
        let kinds = Set(changes.map { JournalLine.split($0).0 })
        // Every kind but `renamed`, which is read and never written (`aRenamedLineReadsAsTheUpdateItWas`).
        #expect(
            kinds == Set(JournalLine.Kind.allCases).subtracting([.renamed]), "every kind is tried")
    }

    @Test func aRenamedLineReadsAsTheUpdateItWas() throws {
        let line =
            #"{"renamed":{"at":2,"movie":{"id":1,"title":"Aliens","year":1979},"oldTitle":"Alien"}}"#
        let aliens = Movie(id: 1, title: "Aliens", year: 1979)
        #expect(
            try Self.read(Array(line.utf8))
                == .edit(.updated(at: 2, old: aliens.titled("Alien"), new: aliens), JournalStep()))
        // And what is written for it is the one kind of a row that reads differently.
        let written = try #require(
            JournalLine.line(.updated(at: 2, old: aliens.titled("Alien"), new: aliens)))
        #expect(String(decoding: written, as: UTF8.self).hasPrefix(#"{"updated":{"at":2,"new":"#))
    }

    @Test func aLineWithAFieldItsKindHasNotIsNotAChange() {
        for line in [
            #"{"deleted":{"at":0,"movie":{"id":1,"title":"Alien","year":1979},"to":1}}"#,
            #"{"moved":{"at":0,"movie":{"id":1,"title":"Alien","year":1979},"to":1}}"#,
            #"{"inserted":{"movie":{"id":1,"title":"Alien","year":1979}}}"#,
            #"{"renamed":{"at":0,"movie":{"id":1,"title":"Alien","year":1979}}}"#,
            #"{"renamed":{"at":0,"movie":{"id":1,"title":"Alien","year":1979},"oldTitle":7}}"#,
            #"{"renamed":{"from":0,"movie":{"id":1,"title":"Up","year":1979},"oldTitle":"A"}}"#,
            #"{"updated":{"at":0,"new":{"id":1,"title":"Alien","year":1979}}}"#,
            #"{"updated":{"at":0,"movie":{"id":1,"title":"Alien","year":1979},"old":{"id":1,"title":"A","year":1979}}}"#,
            #"{"updated":{"at":0,"new":{"id":1,"title":"Alien","year":1979},"old":7}}"#,
        ] {
            #expect(throws: CatalogError.self, "\(line)") { try Self.read(Array(line.utf8)) }
        }
    }

    @Test func theStateFileWritesRowChangesThroughIt() throws {
        let change = MoviesState.Change.moved(sampleMovies[0], from: 0, to: 2)
        #expect(StateFile.journalEntry(change) == JournalLine.line(change))
        #expect(
            StateFile.journalLine(change)
                == Array(
                    #"{"moved":{"from":0,"movie":{"id":1,"title":"Alien","year":1979},"to":2}}"#
                        .utf8)
                + [UInt8(ascii: "\n")])
    }

    /// An insert, a delete, a move and a rename of `movie` (from its title with a word more, so
    /// the old title holds whatever the title does), with the numbers as indexes.
    private static func rowChanges(
        of movie: Movie, numbers: (Int, Int, Int)
    ) -> [MoviesState.Change] {
        [
            .inserted(movie, at: numbers.0), .deleted(movie, at: numbers.1),
            .moved(movie, from: numbers.0, to: numbers.2),
            .updated(at: numbers.1, old: movie.titled(movie.title + " (old)"), new: movie),
        ]
    }

    /// What the journal wrote before: `JSONEncoder` with the state file's settings, and a newline.
    private static func encoded(_ change: MoviesState.Change) throws -> [UInt8] {
        try SortedJSON.bytes(change) + [UInt8(ascii: "\n")]
    }

    /// `line` (its newline dropped, if it has one) read by `JournalLine.read`.
    private static func read(_ line: [UInt8]) throws(CatalogError) -> JournalLine.Content {
        let bytes = line.last == UInt8(ascii: "\n") ? Array(line.dropLast()) : line
        return try bytes.withUnsafeBufferPointer { buffer throws(CatalogError) in
            try JournalLine.read(in: buffer, file: "journal")
        }
    }

    private static func decoded(_ line: [UInt8]) throws -> MoviesState.Change {
        try JSONDecoder().decode(MoviesState.Change.self, from: Data(line.dropLast()))
    }
}
