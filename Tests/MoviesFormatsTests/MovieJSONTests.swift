// The movie's one definition against the core's `Codable` conformance: for seeded random movies
// with titles full of what JSON escapes, the object and the list `MovieJSON` and `MovieListJSON`
// write are exactly what `JSONEncoder` writes with sorted keys, their counted size is their written
// size, and the strict reader reads them back unchanged. Titles stay inside the test: a failure
// names the step, never the title.

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
                return Movie(
                    id: index + 1 + Int.random(in: 0...1_000_000, using: &random) * 10,
                    title: JSONEscapedTitle.random(length: length, using: &random),
                    year: Int.random(in: Movie.validYears, using: &random))
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
        let names = MovieJSON.Key.allCases.map(\.text)
        #expect(names == names.sorted())
        #expect(names == ["id", "title", "year"])
    }
}
