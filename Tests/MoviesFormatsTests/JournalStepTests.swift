// The history's words on a journal line: every role, with a skip's action, its count and the edits
// it left out, is written and read back unchanged; the edit actions the journal writes by hand are
// exactly what the trace's `Codable` writes; and a step that is not one is refused.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCore
@testable import MoviesFormats

@Suite("JournalStep")
struct JournalStepTests {
    static let jaws = Movie(id: 3, title: "Jaws \"2\"", year: 1975, rating: 4)

    @Test(arguments: JournalStep.Role.allCases)
    func eachRoleIsWrittenAndReadBack(role: JournalStep.Role) throws {
        let step =
            role.begins
            ? JournalStep(role: role, action: .skip(edit: 2), count: 3, dropped: [4, 7])
            : JournalStep(role: role, count: role == .undo || role == .redo ? 2 : 1)
        let change = MoviesState.Change.moved(Self.jaws, from: 1, to: 0)
        let line = try #require(JournalLine.line(change, step: step))
        #expect(try Self.read(line) == .edit(change, step))
    }

    @Test func aPlainEditsLineIsTheChangeAlone() throws {
        let change = MoviesState.Change.deleted(Self.jaws, at: 2)
        #expect(JournalLine.line(change, step: JournalStep()) == JournalLine.line(change))
        #expect(
            String(decoding: try #require(JournalLine.line(change)), as: UTF8.self)
                == #"{"deleted":{"at":2,"movie":{"id":3,"rating":4,"title":"Jaws \"2\"","#
                + #""year":1975}}}"# + "\n")
        let skip = JournalStep(role: .edit, action: .skip(edit: 2), count: 3, dropped: [4])
        #expect(
            String(decoding: try #require(JournalLine.line(change, step: skip)), as: UTF8.self)
                .hasSuffix(#"},"action":{"skip":{"edit":2}},"count":3,"dropped":[4]}"# + "\n"))
    }

    /// The actions a journal writes by hand, as the trace's `JSONEncoder` writes them.
    @Test(arguments: [
        MoviesViewModel.Action.insert(title: "Up \"3\"\n", year: 2009, at: 1), .delete(at: 2),
        .move(from: 0, to: 4), .rename(at: 1, to: "Down/Up"), .rate(at: 3, stars: 5),
        .rate(at: 3, stars: nil), .skip(edit: 12),
    ])
    func anEditsActionIsWhatTheTraceWrites(action: MoviesViewModel.Action) throws {
        let written = try #require(JournalStep.object(of: action))
        #expect(written == (try SortedJSON.bytes(action)))
    }

    @Test(arguments: [
        MoviesViewModel.Action.undo, .redo, .goto(edit: 1), .refresh,
        .fetchFailed(reason: "x"), .fetchSucceeded(movies: []),
    ])
    func anActionThatMakesNoEditOfItsOwnIsNotWritten(action: MoviesViewModel.Action) {
        #expect(JournalStep.object(of: action) == nil)
    }

    @Test(arguments: [
        #""step":"edit""#, #""step":"sideways""#, #""step":7"#, #""count":0"#,
        #""count":1.5"#, #""dropped":[1,"x"]"#, #""action":{"fly":{}}"#,
        #""count":2,"count":2"#,
    ])
    func aStepThatIsNoneIsNoChange(keys: String) {
        let line = #"{"deleted":{"at":0,"movie":{"id":1,"title":"A","year":1999}},"# + keys + "}"
        #expect(throws: CatalogError.self, "\(keys)") { try Self.read(Array(line.utf8)) }
    }

    /// `line` (its newline dropped) read by `JournalLine.read`.
    private static func read(_ line: [UInt8]) throws(CatalogError) -> JournalLine.Content {
        let bytes = line.last == UInt8(ascii: "\n") ? Array(line.dropLast()) : line
        return try bytes.withUnsafeBufferPointer { buffer throws(CatalogError) in
            try JournalLine.read(in: buffer, file: "st")
        }
    }
}
