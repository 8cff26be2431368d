// The one retry loop: a signal (EINTR) is retried, a busy non-blocking descriptor (EAGAIN) is
// waited out when the caller names it, and a real error is returned at once with errno intact, or
// thrown as a typed error naming the call. And the one whole-buffer writer on top of it.

import Testing

@testable import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("SystemCall")
struct SystemCallTests {
    /// A fake system call that fails with each of `codes` in turn, then returns 7.
    private final class Failing {
        var codes: [Int32]
        private(set) var calls = 0

        init(_ codes: [Int32]) { self.codes = codes }

        func call() -> Int {
            calls += 1
            guard !codes.isEmpty else { return 7 }
            errno = codes.removeFirst()
            return -1
        }
    }

    @Test func aSignalIsRetriedAtOnce() {
        let call = Failing([EINTR, EINTR])
        #expect(SystemCall.retrying(call.call) == 7)
        #expect(call.calls == 3)
    }

    @Test(.hangGuard)
    func aBusyDescriptorIsWaitedOutOnlyWhenTheCallerNamesIt() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        // An empty pipe can be written: the wait for POLLOUT returns at once.
        let waited = Failing([EAGAIN])
        #expect(SystemCall.retrying(waitingOn: ends[1], for: Int32(POLLOUT), waited.call) == 7)
        #expect(waited.calls == 2)

        let unnamed = Failing([EAGAIN])
        #expect(SystemCall.retrying(unnamed.call) == -1)
        #expect(errno == EAGAIN, "errno still says why")
        #expect(unnamed.calls == 1)
    }

    @Test(arguments: [EIO, EPIPE, ENOSPC, EBADF, EISDIR])
    func aRealErrorIsReturnedAtOnceWithErrnoIntact(code: Int32) {
        let call = Failing([code])
        #expect(SystemCall.retrying(call.call) == -1)
        #expect(errno == code)
        #expect(call.calls == 1)
    }

    @Test(.hangGuard)
    func writeAllWritesEveryByteOrSaysWhyNot() async throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let readEnd = ends[0]
        defer { close(readEnd) }
        let bytes = (0..<40_000).map { UInt8(truncatingIfNeeded: $0) }
        // Read on another thread, so that a write larger than the pipe's buffer can finish.
        let reader = Task.detached { () -> [UInt8] in
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(readEnd, &buffer, buffer.count)
                guard count > 0 else { return received }
                received += buffer.prefix(count)
            }
        }
        #expect(SystemCall.writeAll(bytes, to: ends[1]) == nil)
        close(ends[1])
        #expect(await reader.value == bytes)
        #expect(SystemCall.writeAll("x", to: -1) == EBADF, "no descriptor at all")
    }

    @Test func checkedRetriesASignalAndThrowsARealErrorNamingTheCall() throws {
        let interrupted = Failing([EINTR, EINTR])
        #expect(try SystemCall.checked("read", interrupted.call) == 7)
        #expect(interrupted.calls == 3)
        let failing = Failing([EINTR, EIO])
        #expect(throws: SystemCallError(call: "read", code: EIO)) {
            try SystemCall.checked("read", failing.call)
        }
        #expect(failing.calls == 2, "a real error is not retried")
        #expect(
            SystemCallError(call: "open", code: ENOENT).description
                == "open: No such file or directory")
    }

    @Test func reasonIsTheSystemsWords() {
        #expect(SystemCall.reason(ENOSPC) == "No space left on device")
        #expect(SystemCall.reason(ENOENT) == "No such file or directory")
        #expect(SystemCall.reason(EACCES) == "Permission denied")
        #expect(SystemCall.reason(EISDIR) == "Is a directory")
    }
}
