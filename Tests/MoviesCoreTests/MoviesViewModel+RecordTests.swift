// A record is one trace line: the action, its Changes or its error, the count, the time.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCore

@Suite("MoviesViewModel.Record")
struct RecordTests {
    static let jaws = Movie(id: 3, title: "Jaws", year: 1975)

    @Test(arguments: [
        (
            MoviesViewModel.Record(
                action: .delete(at: 2), outcome: .changes([.deleted(jaws, at: 2)]), count: 2,
                nanoseconds: 840),
            #"{"action":{"delete":{"at":2}},"changes":[{"deleted":{"at":2,"movie":{"id":3,"#
                + #""title":"Jaws","year":1975}}}],"count":2,"ns":840}"#
        ),
        (
            MoviesViewModel.Record(
                action: .delete(at: 7), outcome: .rejected(.indexOutOfRange(7, valid: 0..<3)),
                count: 3, nanoseconds: 95),
            #"{"action":{"delete":{"at":7}},"count":3,"#
                + #""error":{"indexOutOfRange":{"index":7,"valid":[0,3]}},"ns":95}"#
        ),
        (
            MoviesViewModel.Record(
                action: .move(from: 1, to: 1), outcome: .changes([]), count: 3, nanoseconds: 1),
            #"{"action":{"move":{"from":1,"to":1}},"changes":[],"count":3,"ns":1}"#
        ),
    ])
    func aRecordIsOneJSONLine(record: MoviesViewModel.Record, json: String) throws {
        #expect(try SortedJSON.text(record) == json)
        #expect(
            try JSONDecoder().decode(MoviesViewModel.Record.self, from: Data(json.utf8)) == record)
    }

    /// A record of an action that made two Changes (a fetch's list and its status) reads back
    /// as it was written, both Changes in order.
    @Test func aRecordOfTwoChangesReadsBackInOrder() throws {
        let record = MoviesViewModel.Record(
            action: .fetchSucceeded(movies: [Self.jaws]),
            outcome: .changes([.reloaded(replaced: []), .fetch(.loaded)]), count: 1,
            nanoseconds: 12)
        let line = try SortedJSON.text(record)
        let read = try JSONDecoder().decode(MoviesViewModel.Record.self, from: Data(line.utf8))
        #expect(read == record)
        guard case .changes(let changes) = read.outcome else {
            Issue.record("read back as \(read.outcome)")
            return
        }
        #expect(Array(changes) == [.reloaded(replaced: []), .fetch(.loaded)])
    }

    /// A time travel's record holds a Change for each step, however many.
    @Test func aRecordOfATravelRoundTripsEveryStep() throws {
        let steps = (0..<5).map {
            MoviesState.Change.deleted(Movie(id: $0 + 1, title: "M", year: 2000), at: 0)
        }
        let record = MoviesViewModel.Record(
            action: .goto(edit: 0), outcome: .changes(MoviesViewModel.Changes(steps) ?? []),
            count: 0, nanoseconds: 0)
        let read = try JSONDecoder().decode(
            MoviesViewModel.Record.self, from: Data(try SortedJSON.bytes(record)))
        #expect(read == record)
        guard case .changes(let changes) = read.outcome else { return }
        #expect(Array(changes) == steps)
        #expect(changes.count == 5)
    }

    /// `none` is never one of an action's Changes: a line that says otherwise is not a record.
    @Test(arguments: [
        #"{"action":{"undo":{}},"changes":[{"none":{}}],"count":0,"ns":0}"#,
        #"{"action":{"goto":{"edit":0}},"changes":[{"fetch":{"status":{"idle":{}}}},"#
            + #"{"fetch":{"status":{"loaded":{}}}},{"none":{}}],"count":0,"ns":0}"#,
    ])
    func aRecordOfChangesNoActionMakesIsRefused(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(MoviesViewModel.Record.self, from: Data(json.utf8))
        }
    }

    @Test(arguments: [
        MoviesState.EditError.indexOutOfRange(-1, valid: 0..<0), .emptyTitle,
        .titleTooLong(maximum: 500), .outOfRange(.year, 1700, valid: 1888...2100), .stillLoading,
        .nothingToUndo, .nothingToRedo, .doesNotApply, .noFreeID(valid: 1...999_999_999_999),
    ])
    func everyErrorRoundTrips(error: MoviesState.EditError) throws {
        let record = MoviesViewModel.Record(
            action: .undo, outcome: .rejected(error), count: 0, nanoseconds: 0)
        let json = try SortedJSON.text(record)
        #expect(
            try JSONDecoder().decode(MoviesViewModel.Record.self, from: Data(json.utf8)) == record)
    }

    @Test func matchingIgnoresTheTimeOnly() {
        let record = MoviesViewModel.Record(
            action: .undo, outcome: .changes([.inserted(Self.jaws, at: 0)]), count: 1,
            nanoseconds: 10)
        var later = record
        later.nanoseconds = 99_999
        #expect(record.matches(later))
        var other = record
        other.count = 2
        #expect(!record.matches(other))
        other = record
        other.outcome = .changes([.inserted(Self.jaws, at: 1)])
        #expect(!record.matches(other))
        other = record
        other.action = .redo
        #expect(!record.matches(other))
    }
}
