// Role in the data flow: the first check of a session, before anything takes a file descriptor.
// The runtime's event machinery (libdispatch, under Swift concurrency and every timer) takes
// descriptors of its own the first time it needs them, and when the limit on open files
// (`ulimit -n`) leaves none it traps, or its timers never fire and the session waits for ever. So
// the app counts what a session can hold at once, part by part, and starts only when the limit
// leaves that many: raised as far as the system lets it, or refused with a message that says how
// many it needs.
//
//   options ─► DescriptorBudget (parts) ─► free descriptors counted ─► start, or 74

import SystemBoundary
import TerminalIO

/// The most descriptors a session holds at once, besides its standard input, output and error.
///
/// Each part is what one piece of the app holds at its peak; a session holds at most the sum, so a
/// limit that leaves that many free can never make the runtime trap or wait for ever, and a file
/// the app opens meets a limit only as an error it reports. The figures are upper bounds read from
/// the code (and from libdispatch's, for the runtime), checked with `strace` on every kind of
/// session.
struct DescriptorBudget {
    /// A piece of the app that holds descriptors.
    enum Part: Equatable {
        /// libdispatch's event loop on Linux: its epoll instance, the eventfd that wakes it, and a
        /// timerfd for each of its three clocks.
        case runtimeEvents
        /// The thread that reads standard input reads a duplicate of it.
        case input
        /// The watches on standard output and error for a reader that leaves: a pipe (two ends)
        /// each, when they are pipes.
        case readerWatches
        /// At a terminal in raw mode, the dispatch sources of SIGCONT and SIGWINCH: a signalfd
        /// each.
        case terminalSignals
        /// The state file, its replacement while a fold writes it, and its folder while the fold
        /// syncs it.
        case stateFile
        /// The trace file.
        case trace
        /// Files open only for a moment, which may overlap: a catalog being read while `save`
        /// writes its temporary file and syncs its folder.
        case passingFiles
        /// The trace a replay reads.
        case replayedTrace

        /// How many descriptors the part holds at most.
        var count: Int {
            switch self {
            case .runtimeEvents: 5
            case .input: 1
            case .readerWatches: 4
            case .terminalSignals: 2
            case .stateFile: 3
            case .trace: 1
            case .passingFiles: 3
            case .replayedTrace: 1
            }
        }
    }

    /// The parts that hold descriptors in this kind of session.
    let parts: [Part]

    /// A session with `options`; `terminal` when it runs at a terminal in raw mode.
    init(session options: Options, terminal: Bool) {
        var parts: [Part] = [.runtimeEvents, .input, .readerWatches, .passingFiles]
        if terminal { parts.append(.terminalSignals) }
        if options.statePath != nil { parts.append(.stateFile) }
        if case .file? = options.trace { parts.append(.trace) }
        self.parts = parts
    }

    /// A replay (`--replay`): the runtime and the trace it reads.
    static let replay = DescriptorBudget(parts: [.runtimeEvents, .replayedTrace])

    private init(parts: [Part]) {
        self.parts = parts
    }

    /// How many descriptors the session needs free.
    var needed: Int {
        parts.reduce(0) { $0 + $1.count }
    }

    /// Checks that the limit on open files leaves `needed` descriptors free, first raising the
    /// soft limit as far as needed when the hard limit allows it; otherwise says on `messages`
    /// how many the session needs, and returns `.ioError`.
    @MainActor
    func check(messages: any TextOutput) -> ExitStatus? {
        var free = SystemCall.freeDescriptors(upTo: needed)
        // Raised by what is missing, again if descriptors inherited above the old limit take
        // some of the new room, until enough are free or the hard limit is reached.
        while free < needed, let limit = try? SystemCall.openFileLimit(), limit.soft < limit.hard {
            let raised = min(limit.soft + needed - free, limit.hard)
            guard (try? SystemCall.setOpenFileLimit(soft: raised)) != nil else { break }
            free = SystemCall.freeDescriptors(upTo: needed)
        }
        guard free < needed else { return nil }
        let soft = (try? SystemCall.openFileLimit())?.soft ?? Int.max
        let limit =
            soft == Int.max
            ? "the system leaves it \(free)"
            : "the limit on open files (ulimit -n \(soft)) leaves it \(free); raise the limit to at "
                + "least \(soft - free + needed)"
        messages.write(
            "movies: this session needs \(needed) file descriptors besides its standard input, "
                + "output and error, but \(limit)\n", to: .error)
        return .ioError
    }
}
