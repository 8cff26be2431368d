// The watch on a pipe's reader: it says once, and at once, that the reader left, without a write;
// a file has no reader to lose and is not watched; a watch released before its reader leaves says
// nothing.

import Foundation
import MoviesTestSupport
import Testing

@testable import TerminalIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("ReaderWatch", .hangGuard)
struct ReaderWatchTests {
    @Test(.hangGuard)
    func aReaderThatLeavesIsReportedOnceWithoutAWrite() async throws {
        let pipe = try TestPipe()
        defer { close(pipe.writeEnd) }
        let (gone, report) = AsyncStream.makeStream(of: Void.self)
        let watch = ReaderWatch(descriptor: pipe.writeEnd) { report.yield() }
        #expect(watch != nil)
        close(pipe.readEnd)
        let deadline = Task {
            try await Task.sleep(for: .seconds(5))
            report.finish()
        }
        var reports = gone.makeAsyncIterator()
        #expect(await reports.next() != nil, "reported within five seconds")
        deadline.cancel()
        withExtendedLifetime(watch) {}
    }

    @Test func aFileIsNotWatched() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = open(directory.path("out"), O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        defer { close(file) }
        #expect(ReaderWatch(descriptor: file) {} == nil)
    }

    @Test func aWatchReleasedBeforeItsReaderLeavesSaysNothing() async throws {
        let pipe = try TestPipe()
        defer { close(pipe.writeEnd) }
        let (reports, report) = AsyncStream.makeStream(of: Void.self)
        var watch = ReaderWatch(descriptor: pipe.writeEnd) { report.yield() }
        #expect(watch != nil)
        watch = nil
        // The thread ends on the closed stopper; give it time to, then let the reader go.
        try await Task.sleep(for: .milliseconds(100))
        close(pipe.readEnd)
        try await Task.sleep(for: .milliseconds(100))
        report.finish()
        var iterator = reports.makeAsyncIterator()
        #expect(await iterator.next() == nil, "no report after the watch was released")
    }
}
