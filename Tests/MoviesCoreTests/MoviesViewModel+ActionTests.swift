// Actions are values: every case survives a JSON round trip exactly, in the form a trace shows.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCore

@Suite("MoviesViewModel.Action")
struct ActionTests {
    /// One action of each kind, with its JSON.
    static let encoded: [(MoviesViewModel.Action, String)] = [
        (
            MoviesViewModel.Action.insert(title: "Up", year: 2009, at: 1),
            #"{"insert":{"at":1,"title":"Up","year":2009}}"#
        ),
        (.delete(at: 2), #"{"delete":{"at":2}}"#),
        (.move(from: 0, to: 2), #"{"move":{"from":0,"to":2}}"#),
        (.rename(at: 2, to: "Up"), #"{"rename":{"at":2,"to":"Up"}}"#),
        (.rate(at: 1, stars: 4), #"{"rate":{"at":1,"stars":4}}"#),
        (.rate(at: 1, stars: nil), #"{"rate":{"at":1}}"#),
        (.undo, #"{"undo":{}}"#),
        (.redo, #"{"redo":{}}"#),
        (.goto(edit: 3), #"{"goto":{"edit":3}}"#),
        (.skip(edit: 2), #"{"skip":{"edit":2}}"#),
        (.refresh, #"{"refresh":{}}"#),
        (
            .fetchSucceeded(movies: [Movie(id: 1, title: "Alien", year: 1979)]),
            #"{"fetchSucceeded":{"movies":[{"id":1,"title":"Alien","year":1979}]}}"#
        ),
        (.fetchFailed(reason: "offline"), #"{"fetchFailed":{"reason":"offline"}}"#),
        (
            .journaled(change: .deleted(Movie(id: 1, title: "Alien", year: 1979), at: 0)),
            #"{"journaled":{"change":{"deleted":{"at":0,"movie":{"id":1,"title":"Alien","year":1979}}}}}"#
        ),
        (
            .snapshotWritten(movies: [Movie(id: 2, title: "Heat", year: 1995)]),
            #"{"snapshotWritten":{"movies":[{"id":2,"title":"Heat","year":1995}]}}"#
        ),
    ]

    /// The examples hold every case: the `switch` does not compile without a new case, and this
    /// fails until the new case has an example.
    @Test func everyKindOfActionHasAnExample() {
        enum Kind: CaseIterable {
            case insert, delete, move, rename, rate, undo, redo, goto, skip, refresh, fetchSucceeded
            case fetchFailed
            case journaled, snapshotWritten
        }
        let kinds = Set(
            Self.encoded.map { action, _ -> Kind in
                switch action {
                case .insert: return .insert
                case .delete: return .delete
                case .move: return .move
                case .rename: return .rename
                case .rate: return .rate
                case .undo: return .undo
                case .redo: return .redo
                case .goto: return .goto
                case .skip: return .skip
                case .refresh: return .refresh
                case .fetchSucceeded: return .fetchSucceeded
                case .fetchFailed: return .fetchFailed
                case .journaled: return .journaled
                case .snapshotWritten: return .snapshotWritten
                }
            })
        #expect(kinds == Set(Kind.allCases))
    }

    @Test(arguments: encoded)
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
