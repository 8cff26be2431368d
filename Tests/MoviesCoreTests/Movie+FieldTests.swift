// The table of a movie's fields: each field is read and set through it without touching another,
// the kinds say which fields every movie has, and `Codable` (the trace's JSON) follows the table:
// every field written under its key, an unset optional field left out, a missing required one
// refused.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCore

@Suite("Movie.Field")
struct MovieFieldTests {
    @Test(arguments: Movie.Field.allCases)
    func aFieldIsSetThroughTheTableAloneAndReadBack(field: Movie.Field) {
        let full = Movie.everyFieldSet
        var movie = Movie.unread
        movie[field] = full[field]
        #expect(movie[field] == full[field])
        for other in Movie.Field.allCases where other != field {
            #expect(movie[other] == Movie.unread[other], "\(other) untouched")
        }
    }

    @Test func settingEveryFieldThroughTheTableMakesTheWholeMovie() {
        var movie = Movie.unread
        for field in Movie.Field.allCases {
            movie[field] = Movie.everyFieldSet[field]
        }
        #expect(movie == Movie.everyFieldSet)
        #expect(movie != Movie.unread)
    }

    @Test func theKindsSayWhichFieldsEveryMovieHas() {
        let required = Movie.Field.allCases.filter(\.kind.isRequired)
        #expect(required == [.id, .title, .year])
        #expect(Movie.Field.rating.kind == .optionalNumber(valid: Movie.validRatings))
        #expect(Movie.Field.id.kind.validNumbers == Movie.validIDs)
        #expect(Movie.Field.title.kind.validNumbers == nil)
    }

    @Test func codableWritesEveryKeyOfTheTableAndLeavesAnUnsetOneOut() throws {
        let rated = Movie(id: 3, title: "Jaws", year: 1975, rating: 4)
        #expect(try SortedJSON.text(rated) == #"{"id":3,"rating":4,"title":"Jaws","year":1975}"#)
        let unrated = Movie(id: 3, title: "Jaws", year: 1975)
        #expect(try SortedJSON.text(unrated) == #"{"id":3,"title":"Jaws","year":1975}"#)
        for movie in [rated, unrated, Movie.everyFieldSet] {
            let json = try SortedJSON.bytes(movie)
            #expect(try JSONDecoder().decode(Movie.self, from: Data(json)) == movie)
        }
    }

    @Test func codableRefusesAMovieWithoutARequiredField() {
        for json in [#"{"title":"Jaws","year":1975}"#, #"{"id":3,"year":1975}"#] {
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(Movie.self, from: Data(json.utf8))
            }
        }
    }

    @Test func aFieldInJSONIsItsKey() throws {
        #expect(try SortedJSON.text([Movie.Field.rating]) == #"["rating"]"#)
        #expect(
            try JSONDecoder().decode([Movie.Field].self, from: Data(#"["year"]"#.utf8)) == [.year])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Movie.Field].self, from: Data(#"["stars"]"#.utf8))
        }
    }
}
