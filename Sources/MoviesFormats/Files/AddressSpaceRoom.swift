// Role in the data flow: before a file is read whole (a catalog at each fetch, a state file that
// is followed), and in the session's budget at the start. Under a limit on address space
// (`ulimit -v`), reading a file that leaves no room would end the app: the Swift runtime traps
// when an allocation fails, and the runtime waits for ever for a thread it cannot start. So a
// read first asks whether the room the limit leaves covers it, with room to spare for the threads
// a session may still start; when it does not, the read fails with a message, as for a file too
// large.
//
//   file size ─► AddressSpaceRoom.allows(reading:) ─► read, or "leaves too little room"

import SystemBoundary

/// What reading a file takes of the address space, and whether the limit leaves room for it.
package enum AddressSpaceRoom {
    /// How many bytes of address space reading a file of `size` bytes and decoding its movies
    /// takes at its peak.
    ///
    /// The bytes themselves, the movies decoded from them, the growth of the array that holds
    /// them, and the list they replace, which the history keeps: measured at about 5 times the
    /// file for the catalog of the most movies the size limit allows (16 MiB of one-letter
    /// titles), and rounded up.
    package static func toRead(_ size: Int) -> Int {
        size * 6
    }

    /// The most threads a session runs at once besides the main thread.
    ///
    /// The runtime's: its event thread, the thread that runs the main actor once the main thread
    /// has handed it over, and a worker for each online processor (libdispatch's pool for the
    /// app's tasks, none of which blocks); the app's: one that reads input, two that watch who
    /// reads the output, one that watches a followed file.
    static var threadsAtMost: Int {
        2 + SystemCall.onlineProcessors + 4
    }

    /// Room kept for the threads a session may still start, each with its stack: those of
    /// `threadsAtMost` not running yet (all of them, where the running ones cannot be counted).
    package static var forThreadsYetToStart: Int {
        let running = SystemCall.runningThreads ?? 1
        return max(0, 1 + threadsAtMost - running) * SystemCall.threadReservation
    }

    /// Why a file is not read: the room is not there.
    static let noRoom =
        "reading it would take more of the address space than the limit on it (ulimit -v) leaves"

    /// Whether the limit on address space leaves room to read a file of `size` bytes now and
    /// still start the session's threads; always, without a limit.
    static func allows(reading size: Int) -> Bool {
        guard let limit = try? SystemCall.addressSpaceLimit(), limit.soft != Int.max else {
            return true
        }
        return SystemCall.hasFreeAddressSpace(toRead(size) + forThreadsYetToStart)
    }
}
