// Role in the data flow: the first check of a session after its files' roles, on the main thread,
// before the runtime starts a thread. A limit on address space (`ulimit -v`) that leaves too little
// room ends the app in the runtime's way: libdispatch waits for ever for a thread whose stack it
// cannot map, and the Swift runtime traps when an allocation fails. So, under a limit, the app
// counts what a session maps at most, part by part, and starts only when the limit leaves that
// much: raised as far as the system lets it, or refused with a message that says how much it
// needs. A file read later asks again for its own room (`AddressSpaceRoom`).
//
//   options ─► AddressSpaceBudget (parts) ─► free address space counted ─► start, or 74

import MoviesFormats
import SystemBoundary
import TerminalIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The most address space a session maps at once, besides what the program maps at its start.
///
/// Each part is what one piece of the session maps at its peak; a limit that leaves the sum free
/// can never make the runtime wait for a thread or trap on an allocation at the start, and a file
/// read later is refused with a message when it does not fit (`AddressSpaceRoom`). Without a limit
/// nothing is counted.
struct AddressSpaceBudget {
    /// A piece of the session that maps address space.
    enum Part: Equatable {
        /// The stacks of the threads the session may start: the runtime's and the app's
        /// (`AddressSpaceRoom.threadsAtMost`).
        case threads
        /// What the session holds besides the files it reads: the store, the views, the
        /// history's small entries, buffers.
        case workingMemory
        /// Reading a file of this many bytes, as it is at the start: the catalog (`--catalog`),
        /// the state file, the followed file, the trace a replay reads.
        case reading(Int)

        /// How many bytes the part maps at most.
        var bytes: Int {
            switch self {
            case .threads: AddressSpaceRoom.forThreadsYetToStart
            case .workingMemory: 16 << 20
            case .reading(let size): AddressSpaceRoom.toRead(size)
            }
        }
    }

    /// The parts that map address space in this kind of session.
    let parts: [Part]

    /// A session with `options`: its threads, its working memory, and the files it reads whole
    /// at their size now.
    init(session options: Options) {
        var parts: [Part] = [.threads, .workingMemory]
        for path in [options.catalogPath, options.statePath, options.followPath] {
            guard let path, let size = Self.size(of: path) else { continue }
            parts.append(.reading(size))
        }
        self.parts = parts
    }

    /// A replay of the trace at `path`: no thread of its own (it runs on the main thread, before
    /// the runtime starts any), its working memory, and its longest line, at most the whole trace.
    static func replay(of path: FileName, maximumLineBytes: Int) -> AddressSpaceBudget {
        let size = min(Self.size(of: path) ?? 0, maximumLineBytes)
        return AddressSpaceBudget(parts: [.workingMemory, .reading(size)])
    }

    private init(parts: [Part]) {
        self.parts = parts
    }

    /// The size of the regular file at `path` now, or `nil` when there is none there (yet).
    private static func size(of path: FileName) -> Int? {
        guard let status = try? SystemCall.status(of: path), status.st_mode & S_IFMT == S_IFREG
        else { return nil }
        return Int(status.st_size)
    }

    /// How many bytes of address space the session needs free.
    var needed: Int {
        parts.reduce(0) { $0 + $1.bytes }
    }

    /// Under a limit on address space, checks that it leaves `needed` bytes free, first raising
    /// the soft limit as far as needed when the hard limit allows it; otherwise says on
    /// `messages` how much the session needs, and returns `.ioError`.
    ///
    /// Call it before the runtime starts a thread: under a limit it also has the allocator keep
    /// one arena, so that what the session maps depends on what it holds, not on timing.
    @MainActor
    func check(messages: any TextOutput) -> ExitStatus? {
        guard let limit = try? SystemCall.addressSpaceLimit(), limit.soft != Int.max else {
            return nil
        }
        SystemCall.keepOneMallocArena()
        var free = SystemCall.freeAddressSpace(upTo: needed)
        if free < needed, limit.soft < limit.hard {
            let raised = limit.soft > Int.max - needed ? limit.hard : limit.soft + needed - free
            if (try? SystemCall.setAddressSpaceLimit(soft: min(raised, limit.hard))) != nil {
                free = SystemCall.freeAddressSpace(upTo: needed)
            }
        }
        guard free < needed else { return nil }
        let soft = (try? SystemCall.addressSpaceLimit())?.soft ?? limit.soft
        let kibibytes = { (bytes: Int) in (bytes + 1023) / 1024 }
        let mebibytes = { (bytes: Int) in (bytes + (1 << 20) - 1) >> 20 }
        messages.write(
            "movies: this session needs \(mebibytes(needed)) MiB of address space besides what the "
                + "program maps, but the limit on it (ulimit -v \(kibibytes(soft))) leaves it "
                + "\(free >> 20) MiB; raise the limit to at least ulimit -v "
                + "\(kibibytes(soft) + kibibytes(needed - free))\n", to: .error)
        return .ioError
    }
}
