// The movie's one definition against the core's `Codable` conformance: for seeded random movies
// with titles full of what JSON escapes, the object and the list `MovieJSON` and `MovieListJSON`
// write are exactly what `JSONEncoder` writes with sorted keys, their counted size is their written
// size, and the strict reader reads them back unchanged. Titles stay inside the test: a failure
// names the step, never the title. And a movie with every field of `Movie.Field` set survives
// every format the app writes it in (`list --json` is the app's test: ListCommandTests).

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCore
@testable import MoviesFormats

@Suite("MovieJSON")
struct MovieJSONTests {
    @Test func seededRandomListsAreWrittenCountedAndReadAsJSONEncoderWritesThem() throws {
        var random = SeededGenerator(seed: 19)
        for step in 0..<200 {
            let movies = (0..<Int.random(in: 0...5, using: &random)).map { index in
                let length = Int.random(in: 1...24, using: &random)
                let rated = Bool.random(using: &random)
                return Movie(
                    id: index + 1 + Int.random(in: 0...1_000_000, using: &random) * 10,
                    title: JSONEscapedTitle.random(length: length, using: &random),
                    year: Int.random(in: Movie.validYears, using: &random),
                    rating: rated ? Int.random(in: Movie.validRatings, using: &random) : nil)
            }
            let file = MovieListJSON.file(movies)
            #expect(file == (try SortedJSON.bytes(movies)) + [0x0A], "step \(step)")
            #expect(MovieListJSON.fileSize(movies) == file.count, "step \(step)")
            let objects = movies.reduce(0) { $0 + MovieJSON.size($1) }
            #expect(
                MovieListJSON.fileSize(objectBytes: objects, count: movies.count) == file.count,
                "step \(step)")
            for movie in movies {
                var object = JSONBytes(capacity: 64)
                MovieJSON.write(movie, to: &object)
                #expect(object.bytes == (try SortedJSON.bytes(movie)), "step \(step)")
            }
            let read = file.withUnsafeBufferPointer { bytes in
                try? MovieListJSON.read(in: bytes, file: "m.json") { _, _ in }
            }
            #expect(read == movies, "step \(step)")
        }
    }

    @Test func theKeysAreWrittenSortedAsJSONEncoderSortsThem() {
        let names = Movie.Field.allCases.map(\.text)
        #expect(names == names.sorted())
        #expect(Set(names).count == names.count)
    }

    /// Every format a movie is written in, each with its way back.
    enum Format: CaseIterable, CustomTestStringConvertible {
        case catalog, snapshot, journalInsert, journalDelete, journalMove, journalUpdate
        case traceHeader, traceRecord

        var testDescription: String { "\(self)" }

        /// `movie` written in this format and read back: the movies the reader found.
        func roundTrip(_ movie: Movie) throws -> [Movie] {
            let other = Movie(id: 1, title: "Other", year: 1999)
            switch self {
            case .catalog:
                return try Catalog.decode(Data(Catalog.file([movie])), file: "c.json")
            case .snapshot:
                let bytes = Data(StateFile.snapshot([movie]))
                return try StateFile.restore(bytes, file: "st").state.movies
            case .journalInsert:
                return try journaled(.inserted(movie, at: 1), after: [other]).movies.filter {
                    $0 != other
                }
            case .journalDelete:
                let deleted = try journaled(.deleted(movie, at: 0), after: [movie, other])
                return deleted.movies == [other] ? [movie] : []
            case .journalMove:
                let moved = try journaled(.moved(movie, from: 0, to: 1), after: [movie, other])
                return moved.movies.filter { $0 != other }
            case .journalUpdate:
                let old = movie.titled("Before")
                let list = try journaled(.updated(at: 0, old: old, new: movie), after: [old])
                return list.movies
            case .traceHeader:
                let header = Trace.Header(state: MoviesState(movies: [movie]), historyLimit: 9)
                return try Trace.header(from: Trace.line(header)).movies
            case .traceRecord:
                let record = MoviesViewModel.Record(
                    action: .fetchSucceeded(movies: [movie]),
                    outcome: .changes([.inserted(movie, at: 0)]), count: 1, nanoseconds: 0)
                let read = try Trace.record(from: Trace.line(record), number: 2)
                guard case .fetchSucceeded(let movies) = read.action,
                    case .changes(let changes) = read.outcome,
                    Array(changes) == [.inserted(movies.first ?? other, at: 0)]
                else { return [] }
                return movies
            }
        }

        /// The list a state file of `movies` and the journal line of `change` restores.
        private func journaled(_ change: MoviesState.Change, after movies: [Movie]) throws
            -> MoviesState
        {
            try StateFile.restore(Data(StateFile.bytes(movies, [change])), file: "st").state
        }
    }

    @Test(arguments: Format.allCases)
    func aMovieWithEveryFieldSetSurvivesTheFormat(_ format: Format) throws {
        let movie = Movie.everyFieldSet
        #expect(try format.roundTrip(movie) == [movie])
        // And a movie without its optional fields stays without them.
        let bare = Movie(id: 3, title: "Bare", year: 1999)
        #expect(try format.roundTrip(bare) == [bare])
    }
}
