// Starts the built `movies` binary with its standard error closed, as `movies 2>&-` would, stdin a
// pipe the test holds open and stdout /dev/null. The first thing the app's `main` does about its
// descriptors is to put /dev/null on a closed one, so seeing /dev/null appear as descriptor 2 tells
// a test that `main` has begun: what the signal tests need to aim at the first moments of `main`.

import Foundation
import MoviesTestSupport
import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `movies` process started with descriptor 2 closed.
final class StderrClosedProcess {
    let processIdentifier: pid_t
    /// The test's end of stdin; closed when this object goes.
    private let input: Int32
    /// The raw `waitpid` status, once a thread of its own has reaped the process (`nil`: someone
    /// else reaped it).
    private let exits: AsyncStream<Int32?>
    private var ended = false

    init(_ arguments: [String]) throws {
        guard let binary = MoviesProcess.binary else { throw MoviesProcess.BinaryNotFound() }
        // No other test's child may inherit the pipe: the same lock as `MoviesProcess`, and
        // close-on-exec on both ends (the child gets its copy through `adddup2`).
        MoviesProcess.spawnLock.lock()
        defer { MoviesProcess.spawnLock.unlock() }
        let pipe = try SystemCall.makePipe()
        let ends = [pipe.read, pipe.write]
        defer { SystemCall.close(ends[0]) }
        input = ends[1]

        let environment = ProcessInfo.processInfo.environment.map { "\($0)=\($1)" }
        let started = ShellLikeSpawn.start(
            binary.path, arguments: arguments, environment: environment
        ) { actions in
            posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addclose(&actions, 2)
        }
        let pid: pid_t
        switch started {
        case .success(let child):
            pid = child
        case .failure(let error):
            SystemCall.close(input)
            throw error
        }
        processIdentifier = pid
        // Reaped by a thread already blocked in `waitpid` when the process ends, as
        // `TerminalProcess` does: a poll now and then could lose the exit to another reaper.
        let (exits, sink) = AsyncStream.makeStream(of: Int32?.self)
        self.exits = exits
        Thread.detachNewThread { [pid] in
            var status: Int32 = 0
            let reaped = try? SystemCall.checked("waitpid") { waitpid(pid, &status, 0) }
            sink.yield(reaped == pid ? status : nil)
            sink.finish()
        }
    }

    deinit {
        SystemCall.close(input)
        // The reaping thread ends once the process does.
        if !ended { try? SystemCall.send(SIGKILL, to: processIdentifier) }
    }

    /// Waits (five seconds at most) until the process's `main` has put /dev/null on descriptor 2;
    /// whether it did.
    func waitUntilMainHasBegun() -> Bool {
        let link = "/proc/\(processIdentifier)/fd/2"
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .seconds(5) {
            var target = [CChar](repeating: 0, count: 64)
            let count = readlink(link, &target, target.count)
            let name = target.prefix(max(count, 0)).map { UInt8(bitPattern: $0) }
            if String(decoding: name, as: UTF8.self) == "/dev/null" { return true }
        }
        return false
    }

    func send(signal: Int32) {
        try? SystemCall.send(signal, to: processIdentifier)
    }

    /// How the process ended, waiting at most `limit`; `nil` when it was still running then (it is
    /// killed, so that the test fails in seconds instead of hanging).
    func waitForExit(within limit: Duration) async -> TerminalProcess.Termination? {
        let id = processIdentifier
        let deadline = Task {
            try await Task.sleep(for: limit)
            try? SystemCall.send(SIGKILL, to: id)
        }
        var iterator = exits.makeAsyncIterator()
        let status = await iterator.next() ?? nil
        deadline.cancel()
        ended = true
        guard let status else { return nil }
        // WIFEXITED and friends are macros Swift does not import.
        let signal = status & 0x7F
        let termination: TerminalProcess.Termination =
            signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        return termination == .signalled(SIGKILL) ? nil : termination
    }
}
