// The trace file: a header naming where the store started, then one record line per action, in
// the order the store ran them; a file that was there is emptied first, unless another session
// holds it as its state file, which is left as it was; a clear error when the file cannot be
// written.

import Foundation
import MoviesTestSupport
import SystemBoundary
import Testing

@testable import MoviesCore
@testable import MoviesFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@MainActor
@Suite("TraceWriter", .hangGuard)
struct TraceWriterTests {
    @Test func itWritesTheHeaderThenOneLinePerAction() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("session.trace")
        let start = MoviesState(movies: sampleMovies)
        let writer = try TraceWriter(path: FileName(path), state: start, historyLimit: 5)
        #expect(
            contents(of: path)
                == Array(
                    (Trace.line(Trace.Header(state: start, historyLimit: 5)) + "\n").utf8))

        let viewModel = MoviesViewModel(
            api: StubAPI(), state: start, historyLimit: 5, middleware: [writer])
        try viewModel.delete(at: 0)
        #expect(throws: MoviesState.EditError.self) { try viewModel.move(from: 0, to: 7) }
        try viewModel.undo()
        try viewModel.rename(at: 0, to: "Aliens")

        let text = String(decoding: try #require(contents(of: path)), as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(text.hasSuffix("\n"))
        #expect(lines.count == 5)
        let header = try Trace.header(from: lines[0])
        #expect(header.movies == sampleMovies)
        #expect(header.historyLimit == 5)
        let records = try lines.dropFirst().enumerated().map { offset, line in
            try Trace.record(from: line, number: offset + 2)
        }
        #expect(
            records.map(\.action) == [
                .delete(at: 0), .move(from: 0, to: 7), .undo, .rename(at: 0, to: "Aliens"),
            ])
        let aliens = Movie(id: 1, title: "Aliens", year: 1979)
        #expect(
            records.map(\.outcome) == [
                .changes([.deleted(sampleMovies[0], at: 0)]),
                .rejected(.indexOutOfRange(7, valid: 0..<2)),
                .changes([.inserted(sampleMovies[0], at: 0)]),
                .changes([.updated(at: 0, old: aliens.titled("Alien"), new: aliens)]),
            ])
        #expect(records.map(\.count) == [2, 2, 3, 3])
        // The trace asks for the reducers' time, which a store reads only when asked (an
        // untimed record says 0; a small edit may take less than a coarse clock's tick).
        #expect(records.contains { $0.nanoseconds > 0 })
        #expect(writer.failure == nil)
    }

    @Test func aFileThatCannotBeOpenedIsAnError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("missing/session.trace")
        #expect(throws: TraceWriter.StartError.file(FileError(path: FileName(path), code: ENOENT)))
        {
            _ = try TraceWriter(path: FileName(path), state: MoviesState(), historyLimit: 1)
        }
    }

    @Test func aFileThatCannotBeWrittenIsAnError() {
        // Every write to /dev/full fails with "No space left on device".
        #expect(throws: TraceWriter.StartError.file(FileError(path: "/dev/full", code: ENOSPC))) {
            _ = try TraceWriter(path: "/dev/full", state: MoviesState(), historyLimit: 1)
        }
    }

    @Test func aFileThatWasThereIsEmptiedFirst() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("session.trace")
        try write(Array(repeating: UInt8(ascii: "x"), count: 10_000), to: path)
        let writer = try TraceWriter(path: FileName(path), state: MoviesState(), historyLimit: 1)
        let header = Trace.line(Trace.Header(state: MoviesState(), historyLimit: 1)) + "\n"
        #expect(contents(of: path) == Array(header.utf8), "nothing of the old file is left")
        withExtendedLifetime(writer) {}
    }

    @Test func anotherSessionsStateFileIsRefusedAndLeftAsItIs() throws {
        let file = try TestStateFile(StateFile.bytes(sampleMovies))
        defer { file.remove() }
        let (journal, _) = try StateFileJournal.start(path: FileName(file.path))
        #expect(throws: TraceWriter.StartError.heldByAnotherSession(FileName(file.path))) {
            _ = try TraceWriter(path: FileName(file.path), state: MoviesState(), historyLimit: 1)
        }
        #expect(file.bytes == StateFile.bytes(sampleMovies))
        withExtendedLifetime(journal) {}
    }

    @Test func aSessionCannotStartOnAFileBeingTraced() throws {
        let file = try TestStateFile()
        defer { file.remove() }
        let writer = try TraceWriter(
            path: FileName(file.path), state: MoviesState(), historyLimit: 1)
        #expect(throws: StateFileJournal.StartError.locked(FileName(file.path))) {
            try StateFileJournal.start(path: FileName(file.path))
        }
        withExtendedLifetime(writer) {}
    }
}
