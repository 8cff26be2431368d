// Role: outside the app's data flow, where an end-to-end test waits for the binary. A wait on a
// process that hangs (a mutant that leaves SIGQUIT to the runtime, a read that never ends) must
// fail in seconds, not at CI's limit: the watchdog kills the process once its time is up, so the
// wait it guards ends, and says so.

import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Kills a process with SIGKILL if it is still being waited for when `limit` has passed.
///
/// Killing is what ends the wait: the process's output ends and its exit is seen, so the
/// waiting code returns through its normal path, and the test reports `fired` as a failure.
final class ProcessWatchdog: Sendable {
    /// How long a wait on the binary may take unless a test says otherwise: far more than any run
    /// needs, even on a slow two-core machine, and far less than CI's limit.
    static let defaultLimit = Duration.seconds(60)

    private let state = Mutex(State.waiting)

    private enum State {
        case waiting, stopped, fired
    }

    /// Starts watching process `pid`: it is killed `limit` from now unless `stop()` comes first.
    init(pid: pid_t, limit: Duration) {
        let (seconds, attoseconds) = limit.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
            [self] in
            let fire = state.withLock { state -> Bool in
                guard case .waiting = state else { return false }
                state = .fired
                return true
            }
            if fire { _ = kill(pid, SIGKILL) }
        }
    }

    /// Ends the watch; returns whether the watchdog had already killed the process.
    @discardableResult
    func stop() -> Bool {
        state.withLock { state in
            if case .fired = state { return true }
            state = .stopped
            return false
        }
    }
}
