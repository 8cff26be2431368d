// Which failed reads and writes are retried: a signal and a busy non-blocking descriptor are; a
// real error is not.

import MoviesTestSupport
import Testing

@testable import MoviesCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("InterruptedCall")
struct InterruptedCallTests {
    @Test(.hangGuard)
    func signalsAndBusyDescriptorsAreRetriedErrorsAreNot() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        let writeEnd = ends[1]
        #expect(InterruptedCall.shouldRetry(after: EINTR, on: writeEnd, waitingFor: POLLOUT))
        // An empty pipe can be written: the wait for POLLOUT returns at once.
        #expect(InterruptedCall.shouldRetry(after: EAGAIN, on: writeEnd, waitingFor: POLLOUT))
        for code in [EIO, EPIPE, ENOSPC, EBADF, EISDIR] {
            #expect(!InterruptedCall.shouldRetry(after: code, on: writeEnd, waitingFor: POLLOUT))
        }
    }
}
