// Replaying a trace file: every action matching gives status 0 and a summary; the first record
// that differs gives status 1 and names its line with what was recorded and what happens now; a
// file that is not a trace gives 65 with the line; one that cannot be read gives 66.

import Foundation
import MoviesTestSupport
import SystemBoundary
import Testing

@testable import MoviesCLI
@testable import MoviesCore
@testable import MoviesFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@MainActor
@Suite("ReplayRunner", .hangGuard)
struct ReplayRunnerTests {
    /// The lines of a trace of a session: a fetch, three edits (one rejected) and an undo.
    private func recordedTrace(in directory: TemporaryDirectory) async throws -> [String] {
        let path = directory.path("recorded.trace")
        let writer = try TraceWriter(path: FileName(path), state: MoviesState(), historyLimit: 10)
        let viewModel = MoviesViewModel(api: StubAPI(), historyLimit: 10, middleware: [writer])
        viewModel.refresh()
        await viewModel.settleFetch()
        try viewModel.delete(at: 1)
        try viewModel.insert(title: "Up", year: 2009, at: 0)
        #expect(throws: MoviesState.EditError.self) { try viewModel.delete(at: 5) }
        try viewModel.undo()
        let text = String(decoding: try #require(contents(of: path)), as: UTF8.self)
        return text.split(separator: "\n").map(String.init)
    }

    private func replay(_ lines: [String], in directory: TemporaryDirectory) throws -> (
        SystemBoundary.ExitStatus, RecordingOutput, String
    ) {
        let path = directory.path("replayed.trace")
        try write(Array(lines.map { $0 + "\n" }.joined().utf8), to: path)
        let output = RecordingOutput()
        return (ReplayRunner.run(path: FileName(path), output: output), output, path)
    }

    @Test func aMatchingTraceSucceedsWithASummary() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let lines = try await recordedTrace(in: directory)
        #expect(lines.count == 7)
        let (status, output, path) = try replay(lines, in: directory)
        #expect(status == .success)
        #expect(
            output.lines() == [
                "Replayed 6 actions from \(path): every one matched; the list ends with 2 movies."
            ])
        #expect(output.lines(.error).isEmpty)
    }

    /// A trace on standard error shares it with the session's messages (`movies --trace 2>t`):
    /// the lines that are not records are skipped, and the summary says how many.
    @Test func messagesBetweenTheRecordsAreSkipped() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var lines = try await recordedTrace(in: directory)
        lines.insert("line 3: delete: position 6 is out of range; valid positions are 1–3", at: 5)
        lines.append("movies: a last word")
        let (status, output, path) = try replay(lines, in: directory)
        #expect(status == .success)
        #expect(
            output.lines() == [
                "Replayed 6 actions from \(path): every one matched; the list ends with 2 movies. "
                    + "2 lines were skipped: not records but messages written to the same stream."
            ])
        #expect(output.lines(.error).isEmpty)
    }

    @Test func aChangedRecordIsTheDivergenceWithItsLine() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var lines = try await recordedTrace(in: directory)
        // Line 4 is the delete of position 2 (index 1); say it deleted the first movie instead.
        #expect(lines[3].hasPrefix(#"{"action":{"delete":{"at":1}}"#))
        lines[3] = lines[3].replacingOccurrences(
            of: #"{"action":{"delete":{"at":1}}"#, with: #"{"action":{"delete":{"at":0}}"#)
        let (status, output, path) = try replay(lines, in: directory)
        #expect(status == .commandRejected)
        #expect(output.lines().isEmpty)
        let errors = output.lines(.error)
        #expect(errors.count == 3)
        #expect(errors.first == "movies: \(path): line 4: the replay diverged")
        #expect(errors.dropFirst().first == "  recorded: " + lines[3])
        #expect(
            errors.last?.hasPrefix(
                #"  replayed: {"action":{"delete":{"at":0}},"changes":[{"deleted":{"at":0,"movie":{"id":1,"title":"Alien""#
            ) == true)
    }

    @Test func aLaterDivergenceIsFoundAfterMatchingLines() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var lines = try await recordedTrace(in: directory)
        // The rejected delete (line 6) claims to have left three movies.
        lines[5] = lines[5].replacingOccurrences(of: #""count":3"#, with: #""count":4"#)
        let (status, output, _) = try replay(lines, in: directory)
        #expect(status == .commandRejected)
        #expect(output.lines(.error).first?.hasSuffix(": line 6: the replay diverged") == true)
    }

    @Test(arguments: MalformedTrace.all)
    func aFileThatIsNotATraceIsMalformed(_ trace: MalformedTrace) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("bad.trace")
        try write(trace.bytes, to: path)
        let output = RecordingOutput()
        #expect(ReplayRunner.run(path: FileName(path), output: output) == .malformedTrace)
        #expect(output.lines(.error) == ["movies: \(path): \(trace.message)"])
        #expect(output.lines().isEmpty)
    }

    @Test func aMissingFileOrAFolderIsUnreadable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.path("missing.trace")
        let output = RecordingOutput()
        #expect(ReplayRunner.run(path: FileName(missing), output: output) == .unreadableTrace)
        #expect(
            output.lines(.error) == [
                "movies: cannot read the trace \(missing): No such file or directory"
            ])
        output.clear()
        #expect(
            ReplayRunner.run(path: FileName(directory.path), output: output) == .unreadableTrace)
        #expect(
            output.lines(.error) == [
                "movies: cannot read the trace \(directory.path): a directory, not a regular file"
            ])
    }

    @Test(.hangGuard)
    func aLineLongerThanAnyTraceLineIsMalformedWithoutBeingKept() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("long.trace")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let file = try #require(FileHandle(forWritingAtPath: path))
        try file.write(contentsOf: Data((MalformedTrace.header + "\n").utf8))
        // A limit of 2 MiB stands in for the real one (about 192 MiB): the same code path, and a
        // line of 3 MiB is past it.
        let limit = 2 << 20
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        for _ in 0...(limit >> 20) {
            try file.write(contentsOf: chunk)
        }
        try file.write(contentsOf: Data("\n".utf8))
        try file.close()
        let output = RecordingOutput()
        #expect(
            ReplayRunner.run(path: FileName(path), output: output, maximumLineBytes: limit)
                == .malformedTrace)
        #expect(output.lines(.error) == ["movies: \(path): line 2: the line is longer than 2 MiB"])
    }

}

/// A file that must not replay, and the message (after the file name) it must get.
struct MalformedTrace: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var message: String

    var testDescription: String { name }

    static let header =
        #"{"historyLimit":10,"movies":[],"nextID":1,"trace":"movies","version":2}"#

    private static let notARecord =
        #"not an action record ({"action":…,"changes":[…],"count":N,"ns":N})"#
    private static let notAHeader =
        "not a movies trace header (write one with movies --trace FILE)"

    private init(_ name: String, _ lines: [String], _ message: String) {
        self.name = name
        bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        self.message = message
    }

    private init(_ name: String, bytes: [UInt8], _ message: String) {
        self.name = name
        self.bytes = bytes
        self.message = message
    }

    static let all = [
        MalformedTrace(
            "an empty file", [], "line 1: the file is empty; a trace starts with a header line"),
        MalformedTrace("a header that is not one", ["[]"], "line 1: " + notAHeader),
        MalformedTrace(
            "another JSON Lines file",
            [#"{"trace":"other","version":2,"movies":[],"nextID":1,"historyLimit":1}"#],
            "line 1: " + notAHeader),
        MalformedTrace(
            "a newer version",
            [#"{"trace":"movies","version":3,"movies":[],"nextID":1,"historyLimit":1}"#],
            "line 1: trace version 3 is not supported; this build reads version 2"),
        MalformedTrace(
            "a history limit out of range",
            [#"{"trace":"movies","version":2,"movies":[],"nextID":1,"historyLimit":-1}"#],
            "line 1: history limit -1 is out of range (0–1000000)"),
        MalformedTrace(
            "a record that is not one",
            [
                header,
                #"{"action":{"refresh":{}},"changes":[{"fetch":{"status":{"loading":{}}}}],"#
                    + #""count":0,"ns":1}"#,
                #"{"not":"a record"}"#,
            ],
            "line 3: " + notARecord),
        MalformedTrace(
            "a record cut short", [header, #"{"action":{"refresh":{}},"chan"#],
            "line 2: " + notARecord),
        MalformedTrace(
            "a record line that is not UTF-8",
            bytes: Array((header + "\n").utf8) + [0xFF, 0xFE, 0x0A], "line 2: " + notARecord),
    ]
}
