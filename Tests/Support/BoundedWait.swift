// Role: outside the app's data flow, where a test waits for the store. A wait on a fetch ends only
// when the fetch does, and a fetch that nothing resolves (a store that forgot to cancel the one it
// superseded, a source that never answers) would make the test, and the whole run, wait for ever:
// Swift Testing's time limit cancels a test, but a wait on another task's value does not end for
// that. So the tests wait for the store's fetches here, for a bounded time, and a fetch still in
// flight then fails the test that waited, by name, once the machine has given the wait half a
// minute of its time.

import MoviesCore
import Synchronization
import Testing

/// Waits that end in bounded time whatever the awaited work does.
enum BoundedWait {
    /// How long a test waits for the store's fetches: far more than any fetch a test resolves
    /// takes on a slow, busy machine, and well under a minute of the machine's attention.
    static let fetchLimit = Duration.seconds(30)

    /// The step in which the limit is counted.
    static let tick = Duration.seconds(1)

    /// Runs `operation` and waits for it, but for `limit` at most; when the limit passes first,
    /// records an issue naming `what` and returns `false`, leaving the operation to itself.
    ///
    /// The limit is counted in `tick`s, and a tick counts only once a thread of the shared pool
    /// and then the main actor have run it. The operation needs the same two to go on (a fetch
    /// runs off the main actor and ends on it), and tests that run alongside can keep both busy
    /// for many seconds on a loaded machine: time they are held does not count, so a wait that
    /// is merely queued is not failed, while a wait that nothing ends still fails once the
    /// machine has given it `limit` of its time.
    @MainActor
    static func run(
        _ what: String, limit: Duration = fetchLimit, tick: Duration = tick,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ operation: @escaping @MainActor () async -> Void
    ) async -> Bool {
        let outcome = Outcome()
        let finished = await withCheckedContinuation { continuation in
            outcome.wait(continuation)
            let timer = Task.detached {
                var counted = Duration.zero
                while counted < limit {
                    guard (try? await Task.sleep(for: tick)) != nil else { return }
                    await MainActor.run {}
                    counted += tick
                }
                outcome.end(finished: false)
            }
            Task { @MainActor in
                await operation()
                outcome.end(finished: true)
                timer.cancel()
            }
        }
        if !finished {
            Issue.record(
                "\(what) did not end within \(limit) of the machine's time: a wait nothing ends",
                sourceLocation: sourceLocation)
        }
        return finished
    }

    /// The first of the operation's end and the limit, said once to the waiting test.
    private final class Outcome: Sendable {
        private let waiting = Mutex<CheckedContinuation<Bool, Never>?>(nil)

        func wait(_ continuation: CheckedContinuation<Bool, Never>) {
            waiting.withLock { $0 = continuation }
        }

        func end(finished: Bool) {
            let continuation = waiting.withLock { waiting in
                defer { waiting = nil }
                return waiting
            }
            continuation?.resume(returning: finished)
        }
    }
}

extension MoviesViewModel {
    /// `waitForFetch()`, for `BoundedWait.fetchLimit` at most: a fetch still in flight then
    /// fails the test.
    package func settleFetch(sourceLocation: SourceLocation = #_sourceLocation) async {
        _ = await BoundedWait.run("the fetch in flight", sourceLocation: sourceLocation) {
            await self.waitForFetch()
        }
    }

    /// `waitForAllFetches()`, for `BoundedWait.fetchLimit` at most: a fetch still in flight,
    /// superseded or not, then fails the test.
    package func settleAllFetches(sourceLocation: SourceLocation = #_sourceLocation) async {
        _ = await BoundedWait.run("every fetch started", sourceLocation: sourceLocation) {
            await self.waitForAllFetches()
        }
    }
}
