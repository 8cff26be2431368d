// The wrappers over the signal calls: a handler set for a signal runs when the signal is sent to
// the process, raised, or unblocked while pending, and an ignored signal is discarded; a number
// that is no signal (or one nothing may catch) fails with the typed error naming the call. SIGUSR2
// is the test's own: nothing else in the process uses it.

import Synchronization
import Testing

@testable import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many times the test's SIGUSR2 handler ran; an atomic is async-signal-safe.
private let arrivals = Atomic(0)

@Suite("SystemCall: signals", .serialized)
struct SystemCallSignalsTests {
    @Test func aHandledSignalArrivesWhenSentRaisedAndUnblockedAndAnIgnoredOneDoesNot() throws {
        let before = arrivals.load(ordering: .relaxed)
        try SystemCall.setAction(
            .handler { _ in arrivals.add(1, ordering: .relaxed) }, for: SIGUSR2)
        defer {
            // Back to the default only once every signal sent has arrived: one still on its way
            // would end the test process. Ignoring it discards it instead.
            let settled = arrivals.load(ordering: .relaxed) == before + 3
            try? SystemCall.setAction(settled ? .systemDefault : .ignore, for: SIGUSR2)
        }

        // Sent to the process, it may run on any thread that does not block it, after `kill`
        // returns: waited for, a few seconds at most.
        try SystemCall.send(SIGUSR2, to: SystemCall.processID)
        let deadline = ContinuousClock.now + .seconds(5)
        while arrivals.load(ordering: .relaxed) == before, ContinuousClock.now < deadline {
            usleep(1_000)
        }
        #expect(arrivals.load(ordering: .relaxed) == before + 1, "sent: the handler ran")

        // The thread a test runs on may block signals (a Dispatch worker blocks most): SIGUSR2 is
        // let through on it for the rest of the test, and the mask put back after.
        var signals = sigset_t()
        var previous = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGUSR2)
        #expect(pthread_sigmask(SIG_UNBLOCK, &signals, &previous) == 0)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }

        // Raised, it runs on this thread before `raise` returns.
        try SystemCall.raise(SIGUSR2)
        #expect(arrivals.load(ordering: .relaxed) == before + 2, "raised: the handler ran")

        // Blocked on this thread, a raised signal waits; unblocked, it runs before the call returns.
        #expect(pthread_sigmask(SIG_BLOCK, &signals, nil) == 0)
        try SystemCall.raise(SIGUSR2)
        var pending = sigset_t()
        #expect(sigpending(&pending) == 0 && sigismember(&pending, SIGUSR2) == 1)
        #expect(arrivals.load(ordering: .relaxed) == before + 2, "blocked: not yet")
        try SystemCall.unblock(SIGUSR2)
        #expect(arrivals.load(ordering: .relaxed) == before + 3, "unblocked: the handler ran")

        // Ignored, it is discarded: the handler no longer runs, and the process lives on.
        try SystemCall.setAction(.ignore, for: SIGUSR2)
        try SystemCall.raise(SIGUSR2)
        try SystemCall.send(0, to: SystemCall.processID)
        #expect(arrivals.load(ordering: .relaxed) == before + 3, "ignored: the handler did not run")
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
