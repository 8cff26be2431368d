// The limit on address space and the room it leaves: the limit is read as the system has it, room
// is counted by trying (up to the amount asked for), and what each thread reserves and how many
// threads run are the system's figures. (The limit is lowered only in the binary's own tests,
// AddressSpaceLimitTests: lowering it here would lower it for every test in the process.)

import Foundation
import Testing

@testable import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("SystemCall: address space")
struct SystemCallAddressSpaceTests {
    @Test func theLimitIsTheSystemsAndSettingItToItselfChangesNothing() throws {
        let limit = try SystemCall.addressSpaceLimit()
        #expect(0 < limit.soft && limit.soft <= limit.hard)
        try SystemCall.setAddressSpaceLimit(soft: limit.soft)
        #expect(try SystemCall.addressSpaceLimit() == limit)
    }

    /// Without a limit a reservation of a GiB, which takes no memory, is always there.
    @Test func roomIsCountedByTryingUpToTheAmountAskedFor() throws {
        #expect(SystemCall.hasFreeAddressSpace(0))
        guard try SystemCall.addressSpaceLimit().soft == Int.max else { return }
        #expect(SystemCall.hasFreeAddressSpace(1 << 30))
        #expect(SystemCall.freeAddressSpace(upTo: 3 << 20) == 3 << 20)
        #expect(!SystemCall.hasFreeAddressSpace(Int.max), "more than any address space")
    }

    @Test func threadsAndProcessorsAreTheSystemsFigures() throws {
        var stack = rlimit()
        #expect(getrlimit(stackResource, &stack) == 0)
        // A thread's stack is `ulimit -s`, or the C library's own size without that limit, and a
        // guard page.
        if stack.rlim_cur != rlim_t.max {
            #expect(SystemCall.threadReservation > Int(stack.rlim_cur))
        }
        #expect(SystemCall.threadReservation >= 1 << 16)
        #expect(SystemCall.onlineProcessors >= 1)
        #expect(try #require(SystemCall.runningThreads) >= 1)
    }
}

#if canImport(Glibc)
    private let stackResource = __rlimit_resource_t(RLIMIT_STACK.rawValue)
#else
    private let stackResource = RLIMIT_STACK
#endif
