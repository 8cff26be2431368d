// Actions are values: every case survives a JSON round trip exactly, in the form a trace shows.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCore

@Suite("MoviesViewModel.Action")
struct ActionTests {
    @Test(arguments: [
        (
            MoviesViewModel.Action.insert(title: "Up", year: 2009, at: 1),
            #"{"insert":{"at":1,"title":"Up","year":2009}}"#
        ),
        (.delete(at: 2), #"{"delete":{"at":2}}"#),
        (.move(from: 0, to: 2), #"{"move":{"from":0,"to":2}}"#),
        (.undo, #"{"undo":{}}"#),
        (.redo, #"{"redo":{}}"#),
        (.refresh, #"{"refresh":{}}"#),
        (
            .fetchSucceeded(movies: [Movie(id: 1, title: "Alien", year: 1979)]),
            #"{"fetchSucceeded":{"movies":[{"id":1,"title":"Alien","year":1979}]}}"#
        ),
        (.fetchFailed(reason: "offline"), #"{"fetchFailed":{"reason":"offline"}}"#),
    ])
    func everyActionRoundTripsThroughJSON(action: MoviesViewModel.Action, json: String) throws {
        #expect(try SortedJSON.text(action) == json)
        #expect(
            try JSONDecoder().decode(MoviesViewModel.Action.self, from: Data(json.utf8)) == action)
    }

    @Test func aTitleWithAnyCharacterRoundTrips() throws {
        let title = "Amélie \u{1B}[31m \u{202E} \"quoted\" \\ 🎬"
        let action = MoviesViewModel.Action.insert(title: title, year: 2001, at: 0)
        let json = try SortedJSON.text(action)
        #expect(
            try JSONDecoder().decode(MoviesViewModel.Action.self, from: Data(json.utf8)) == action)
    }
}
