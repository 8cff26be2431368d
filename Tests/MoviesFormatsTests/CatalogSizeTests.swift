// The bytes a list takes as a file, counted without encoding it: always exactly what
// `Catalog.jsonLine` and its newline take, for every kind of character a title can hold.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCore
@testable import MoviesFormats

@Suite("CatalogSize")
struct CatalogSizeTests {
    private static let titles: [HostileText] = [
        "Alien", "Schindler's List", "\"quoted\" \\ back", "a/b", "tab\there\nnew\r\u{8}\u{C}",
        "\u{0}\u{1}\u{1F}\u{7F}", "\u{85}\u{9B}\u{2028}\u{202E}\u{FEFF}", "Amélie 千と千尋 🎬",
        HostileText(String(repeating: "\u{1}", count: Movie.maximumTitleLength)),
    ]

    @Test(arguments: titles)
    func aMovieTakesWhatTheEncoderWrites(title: HostileText) {
        for (id, year) in [(1, 1888), (4_294_967, 2100), (Movie.validIDs.upperBound, 1999)] {
            let movie = Movie(id: id, title: title.text, year: year)
            #expect(CatalogSize.file([movie]) == Catalog.jsonLine([movie]).utf8.count + 1)
        }
    }

    @Test func aListTakesWhatSaveWrites() {
        #expect(CatalogSize.file([]) == Catalog.jsonLine([]).utf8.count + 1)
        let movies = Self.titles.enumerated().map { Movie(id: $0 + 1, title: $1.text, year: 2000) }
        #expect(CatalogSize.file(movies) == Catalog.jsonLine(movies).utf8.count + 1)
        #expect(CatalogSize.file(sampleMovies) == Catalog.jsonLine(sampleMovies).utf8.count + 1)
    }
}
