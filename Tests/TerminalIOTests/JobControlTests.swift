// JobControl's wait for the foreground, with the terminal and the stop played by the test: two
// threads that find the job in the background stop it once, never again after `fg`.

import Foundation
import Synchronization
import Testing

@testable import TerminalIO

@Suite("JobControl")
struct JobControlTests {
    /// A job at a terminal, as the waits see it: in the background until `fg`, and every stop
    /// sent to it, counted.
    private final class Job: Sendable {
        /// Whether the job is in the background, and how many stops were sent to it.
        private let state = Mutex((background: true, stops: 0))
        /// Signalled when the first stop is sent: the job is stopped until `fg()`.
        let firstStop = DispatchSemaphore(value: 0)
        /// Signalled by `fg()`: the stopped thread goes on.
        let continued = DispatchSemaphore(value: 0)

        var inBackground: Bool { state.withLock { $0.background } }
        var stopsSent: Int { state.withLock { $0.stops } }

        /// A stop: the first holds its thread as the stopped process holds it, until `fg()`.
        func stop() -> Bool {
            let first = state.withLock {
                $0.stops += 1
                return $0.stops == 1
            }
            if first {
                firstStop.signal()
                continued.wait()
            }
            return true
        }

        /// The shell's `fg`: the job in the foreground, then continued.
        func fg() {
            state.withLock { $0.background = false }
            continued.signal()
        }
    }

    /// The input thread and the thread taking raw mode both find the job in the background; the
    /// first stops it, and after `fg` neither stops it again.
    ///
    /// Both used to look, then stop: a thread that looked while the first stop was landing sent
    /// its own after `fg`, and the job stopped again at once ("Stopped" right after `fg`, seen in
    /// tmux one run in a few).
    ///
    /// Synchronous throughout: while the first thread is "stopped" it holds the process's one
    /// lock, and other suites' waits (`TerminalModeTests` takes raw mode) block threads of the
    /// shared pool on it; a test that needed the pool to go on would wait for ever.
    @Test func twoWaitersStopTheJobOnceAndNeverAfterFg() {
        let job = Job()
        let done = DispatchGroup()
        let first = Thread {
            _ = JobControl.waitForForeground(inBackground: { job.inBackground }, stop: job.stop)
            done.leave()
        }
        done.enter()
        first.start()
        #expect(job.firstStop.wait(timeout: .now() + 10) == .success, "the first wait stops")
        let second = Thread {
            _ = JobControl.waitForForeground(inBackground: { job.inBackground }, stop: job.stop)
            done.leave()
        }
        done.enter()
        second.start()
        // Time for the second thread to look while the job is stopped, as it could in the app.
        Thread.sleep(forTimeInterval: 0.2)
        job.fg()
        #expect(done.wait(timeout: .now() + 10) == .success, "both waits return after fg")
        #expect(job.stopsSent == 1, "a stop sent after fg stops the job in the foreground")
    }

    /// A job that cannot be stopped (its stop signal ignored, or its group orphaned) makes the
    /// wait give up at once, and one already in the foreground never stops.
    @Test(arguments: [true, false])
    func aWaitReturnsWhetherTheJobIsInTheForeground(inBackground: Bool) {
        var stops = 0
        let foreground = JobControl.waitForForeground(
            inBackground: { inBackground },
            stop: {
                stops += 1
                return false
            })
        #expect(foreground == !inBackground)
        #expect(stops == (inBackground ? 1 : 0))
    }
}
