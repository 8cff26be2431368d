// The wrapper over `poll`: it says which descriptor is ready and how, and returns 0 when the time
// is up with none.

import Testing

@testable import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("SystemCall: poll")
struct SystemCallPollTests {
    @Test func pollSaysWhenAPipeHasBytesToRead() throws {
        let pipe = try SystemCall.makePipe()
        defer {
            SystemCall.close(pipe.read)
            SystemCall.close(pipe.write)
        }
        var requests = [pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)]
        #expect(try SystemCall.pollReady(&requests, timeout: 0) == 0, "nothing to read yet")
        try SystemCall.writeFully(Array("hi".utf8), to: pipe.write)
        #expect(try SystemCall.pollReady(&requests, timeout: -1) == 1)
        #expect(requests[0].revents & Int16(POLLIN) != 0)
    }
}
