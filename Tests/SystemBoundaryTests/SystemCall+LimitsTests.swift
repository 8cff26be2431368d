// The limit on open descriptors: it is read as the system has it, and the free descriptors are
// counted by trying, up to the number asked for. (The limit is lowered only in the binary's own
// tests, DescriptorLimitTests: lowering it here would lower it for every test in the process.)

import Foundation
import Testing

@testable import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("SystemCall: limits")
struct SystemCallLimitsTests {
    @Test func theLimitIsTheSystemsAndSettingItToItselfChangesNothing() throws {
        let limit = try SystemCall.openFileLimit()
        var system = rlimit()
        #expect(getrlimit(openFilesResource, &system) == 0)
        #expect(limit.soft == Int(clamping: system.rlim_cur))
        #expect(limit.hard == Int(clamping: system.rlim_max))
        #expect(0 < limit.soft && limit.soft <= limit.hard)
        try SystemCall.setOpenFileLimit(soft: limit.soft)
        #expect(try SystemCall.openFileLimit() == limit)
    }

    @Test func freeDescriptorsAreCountedUpToTheNumberAskedFor() {
        #expect(SystemCall.freeDescriptors(upTo: 0) == 0)
        #expect(SystemCall.freeDescriptors(upTo: 7) == 7)
    }
}

#if canImport(Glibc)
    private let openFilesResource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
#else
    private let openFilesResource = RLIMIT_NOFILE
#endif
