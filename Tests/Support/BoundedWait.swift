// Role: outside the app's data flow, where a test waits for the store. A wait on a fetch ends only
// when the fetch does, and a fetch that nothing resolves (a store that forgot to cancel the one it
// superseded, a source that never answers) would make the test, and the whole run, wait for ever:
// Swift Testing's time limit cancels a test, but a wait on another task's value does not end for
// that. So the tests wait for the store's fetches here, for a bounded time, and a fetch still in
// flight then fails the test that waited, by name, within a minute.

import MoviesCore
import Synchronization
import Testing

/// Waits that end in bounded time whatever the awaited work does.
enum BoundedWait {
    /// How long a test waits for the store's fetches: far more than any fetch a test resolves
    /// takes on a slow, busy machine, and well under a minute.
    static let fetchLimit = Duration.seconds(30)

    /// Runs `operation` and waits for it, but for `limit` at most; when the limit passes first,
    /// records an issue naming `what` and returns `false`, leaving the operation to itself.
    ///
    /// The limit is judged on the main actor: anything queued there before it passed (the last
    /// step of a fetch, say) runs first, so a test kept off the actor by others is not failed
    /// for a wait that was merely queued.
    @MainActor
    static func run(
        _ what: String, limit: Duration = fetchLimit,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ operation: @escaping @MainActor () async -> Void
    ) async -> Bool {
        let outcome = Outcome()
        let finished = await withCheckedContinuation { continuation in
            outcome.wait(continuation)
            let timer = Task { @MainActor in
                guard (try? await Task.sleep(for: limit)) != nil else { return }
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
                "\(what) did not end within \(limit): a wait nothing ends",
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
