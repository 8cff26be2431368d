// The exit statuses: numbers in ascending order, each signal that ends a session mapped to its
// own status both ways (the signal handlers use `init(endedBy:)`).

import Testing

@testable import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("ExitStatus")
struct ExitStatusTests {
    @Test func statusesAreInAscendingOrder() {
        let numbers = SystemBoundary.ExitStatus.allCases.map(\.rawValue)
        #expect(numbers == numbers.sorted())
    }

    @Test func theEndingSignalsAreTheFourASessionHandles() {
        #expect(Set(SystemBoundary.ExitStatus.endingSignals) == [SIGHUP, SIGINT, SIGQUIT, SIGTERM])
    }

    @Test(arguments: SystemBoundary.ExitStatus.allCases.filter { $0.endingSignal != nil })
    func aSignalsStatusIs128PlusTheSignalBothWays(status: SystemBoundary.ExitStatus) throws {
        let signal = try #require(status.endingSignal)
        #expect(status.rawValue == 128 + signal)
        #expect(SystemBoundary.ExitStatus(endedBy: signal) == status)
    }
}
