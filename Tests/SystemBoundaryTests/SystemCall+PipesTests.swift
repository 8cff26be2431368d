// The wrappers over pipes: a pipe's ends are close-on-exec and carry bytes, and a read of a
// non-blocking end waits until bytes come instead of failing with EAGAIN.

import Foundation
import MoviesTestSupport
import Testing

@testable import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("SystemCall: pipes")
struct SystemCallPipesTests {
    @Test func aPipesEndsAreClosedOnExecAndCarryBytes() throws {
        let pipe = try SystemCall.makePipe()
        defer {
            SystemCall.close(pipe.read)
            SystemCall.close(pipe.write)
        }
        for end in [pipe.read, pipe.write] {
            #expect(fcntl(end, F_GETFD) & FD_CLOEXEC != 0)
        }
        try SystemCall.writeFully(Array("hi".utf8), to: pipe.write)
        var buffer = [UInt8](repeating: 0, count: 8)
        let count = try buffer.withUnsafeMutableBytes { try SystemCall.read(pipe.read, into: $0) }
        #expect(Array(buffer.prefix(count)) == Array("hi".utf8))
    }

    @Test(.hangGuard)
    func aReadOfANonBlockingEndWaitsForBytesInsteadOfFailing() async throws {
        let pipe = try SystemCall.makePipe()
        defer { SystemCall.close(pipe.read) }
        _ = fcntl(pipe.read, F_SETFL, fcntl(pipe.read, F_GETFL) | O_NONBLOCK)
        let writer = pipe.write
        Thread.detachNewThread {
            usleep(20_000)
            _ = SystemCall.writeAll(Array("late".utf8), to: writer)
            SystemCall.close(writer)
        }
        var buffer = [UInt8](repeating: 0, count: 8)
        let count = try buffer.withUnsafeMutableBytes {
            try SystemCall.readWhenReady(pipe.read, into: $0)
        }
        #expect(Array(buffer.prefix(count)) == Array("late".utf8))
        #expect(throws: SystemCallError(call: "read", code: EBADF)) {
            try buffer.withUnsafeMutableBytes { try SystemCall.readWhenReady(-1, into: $0) }
        }
    }
}
