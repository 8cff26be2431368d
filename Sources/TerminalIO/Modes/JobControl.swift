// Role in the data flow: outside it, around a session at a terminal shared with a job-control
// shell. Before the app takes the terminal (raw mode, at the start and after every continue) and
// whenever a read of it fails for being in the background, it asks where its job stands; in the
// background it stops, as terminal programs do, and goes on once `fg` has made it the foreground
// job again. It never takes the terminal, draws or reads from the background, and never ends for
// being there.
//
//   start, SIGCONT ─► JobControl.waitForForeground (SIGTTOU) ─► raw mode ─► draw
//   read fails with EIO ─► JobControl.waitForForeground (SIGTTIN) ─► read again

import Foundation
import SystemBoundary

/// Where the process's job stands at its terminal, and the stop that waits for the foreground.
///
/// The kernel stops a program that reads its terminal, or changes its settings, from the
/// background, but only from a thread that lets SIGTTIN and SIGTTOU through. The app's threads
/// block them (dispatch's do, and the input thread inherits that), so the kernel lets the change
/// of settings happen and fails the read with `EIO` instead. The app therefore asks first
/// (`tcgetpgrp` against `getpgrp`) and stops itself, as vim and less do, with a signal sent to its
/// job that only the process's main thread takes. That thread takes pending signals lowest number
/// first, so a SIGTERM or SIGHUP already waiting (`kill %1` on a stopped job sends SIGTERM, then
/// SIGCONT) ends the app before any stop can, and the handlers that end it hold stops back while
/// they run (`InterruptHandler`, `TerminalMode`).
enum JobControl {
    /// How long the waiting thread sleeps between two looks at the terminal: the stop it asked
    /// for lands within microseconds, and after `fg` it goes on within this.
    static let pause: TimeInterval = 0.02

    /// Whether this process's job is in the background of the terminal on `descriptor`: another
    /// process group is its foreground job.
    ///
    /// A descriptor that cannot say (it is no terminal, or no longer one) is not: there is no
    /// job there to share it with. Async-signal-safe.
    static func isInBackground(_ descriptor: Int32) -> Bool {
        guard let owner = try? SystemCall.foregroundProcessGroup(of: descriptor) else {
            return false
        }
        return owner != SystemCall.processGroup
    }

    /// Returns once this process's job is in the foreground of the terminal on `descriptor`,
    /// having stopped it with `signal` (SIGTTOU to take the terminal, SIGTTIN to read it) for as
    /// long as it was in the background; `false` when nothing can bring it there.
    ///
    /// Nothing can when `signal` is ignored (a parent without job control set it so, and the
    /// job cannot stop) or the parent has left the session (the group is orphaned, and the
    /// kernel discards stops sent to it): the caller then has no terminal to use.
    ///
    /// The stop is sent to the whole job (`kill(0, …)`), as the kernel sends its own. It lands
    /// on the main thread a moment after `kill` returns, so this thread looks again after a
    /// pause, by which time it has been stopped and continued: by `fg` in the foreground, or by
    /// `bg` in the background again, and it stops again.
    static func waitForForeground(of descriptor: Int32, stoppingWith signal: Int32)
        -> Bool
    {
        waitForForeground(
            inBackground: { isInBackground(descriptor) },
            stop: {
                guard !SystemCall.isIgnored(signal), SystemCall.parentIsInThisSession else {
                    return false
                }
                return (try? SystemCall.send(signal, to: 0)) != nil
            })
    }

    /// Makes the one thread that waits for the foreground at a time.
    ///
    /// The input thread (a read that failed) and the thread taking raw mode (after a continue)
    /// may both find the job in the background. Each looks, then stops the job: had both looked
    /// before the first stop landed, the second would send its stop after `fg`, and stop the
    /// job again in the foreground ("Stopped" at once after `fg`). One at a time, the second
    /// looks only once the first is back in the foreground, and finds nothing to do.
    private static let oneWaiter = NSLock()

    /// The loop of `waitForForeground(of:stoppingWith:)`: while `inBackground`, `stop` the job
    /// (`false`: it cannot be stopped) and look again after a pause; one thread at a time.
    static func waitForForeground(inBackground: () -> Bool, stop: () -> Bool) -> Bool {
        oneWaiter.withLock {
            while inBackground() {
                guard stop() else { return false }
                Thread.sleep(forTimeInterval: pause)
            }
            return true
        }
    }
}
