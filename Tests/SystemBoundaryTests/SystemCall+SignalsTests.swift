// The wrappers over the signal calls: an action is set and a signal sent or raised without harm
// when it is ignored, and a number that is no signal (or one nothing may catch) fails with the
// typed error naming the call. SIGUSR2 is the test's own: nothing else in the process uses it.

import Testing

@testable import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("SystemCall: signals", .serialized)
struct SystemCallSignalsTests {
    @Test func anIgnoredSignalIsSentRaisedAndUnblockedWithoutHarm() throws {
        try SystemCall.setAction(.ignore, for: SIGUSR2)
        defer { try? SystemCall.setAction(.systemDefault, for: SIGUSR2) }
        try SystemCall.send(SIGUSR2, to: SystemCall.processID)
        try SystemCall.raise(SIGUSR2)
        try SystemCall.unblock(SIGUSR2)
        try SystemCall.send(0, to: SystemCall.processID)
    }

    @Test func eachRefusalNamesItsCall() {
        #expect(throws: SystemCallError(call: "signal", code: EINVAL)) {
            try SystemCall.setAction(.ignore, for: SIGKILL)
        }
        #expect(throws: SystemCallError(call: "signal", code: EINVAL)) {
            try SystemCall.setAction(.systemDefault, for: 0)
        }
        #expect(throws: SystemCallError(call: "sigaddset", code: EINVAL)) {
            try SystemCall.unblock(-1)
        }
        #expect(throws: SystemCallError(call: "raise", code: EINVAL)) {
            try SystemCall.raise(-1)
        }
        // The highest pid Linux hands out is below 2^22.
        #expect(throws: SystemCallError(call: "kill", code: ESRCH)) {
            try SystemCall.send(0, to: Int32.max)
        }
    }
}
