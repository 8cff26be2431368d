// Role: outside the app's data flow, in place of the server. Tests that need to decide when a fetch
// ends (to race two fetches, or to type commands while one is in flight) use this source, so what
// would be a timing accident is a step the test takes.

import MoviesCore

/// A `MoviesAPI` whose fetches finish only when the test resolves them, in any order.
///
/// This makes races deterministic: a test can start two fetches, finish the newer first, then the
/// stale one, and check that the stale result is never applied. A fetch honours cancellation (it
/// ends at once with `CancellationError`) unless the test asked it not to, and remembers that it
/// was cancelled, so a test can check that a superseded fetch really is cancelled.
package actor ControlledAPI: MoviesAPI {
    private var started = 0
    private var waiting: [Int: CheckedContinuation<Result<[Movie], any Error>, Never>] = [:]
    private var early: [Int: Result<[Movie], any Error>] = [:]
    private let ignoresCancellation: Bool
    /// The calls that saw their task cancelled.
    package private(set) var cancelledCalls: [Int] = []

    package init(ignoresCancellation: Bool = false) {
        self.ignoresCancellation = ignoresCancellation
    }

    /// How many fetches have been started.
    package var callCount: Int { started }

    package func fetchMovies() async throws -> [Movie] {
        started += 1
        let call = started
        if let result = early.removeValue(forKey: call) { return try result.get() }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { waiting[call] = $0 }
        } onCancel: {
            Task { await self.cancelled(call: call) }
        }
        return try result.get()
    }

    /// Finishes fetch number `call` (1-based), now or as soon as it starts.
    package func resolve(call: Int, with result: Result<[Movie], any Error>) {
        if let continuation = waiting.removeValue(forKey: call) {
            continuation.resume(returning: result)
        } else {
            early[call] = result
        }
    }

    private func cancelled(call: Int) {
        cancelledCalls.append(call)
        guard !ignoresCancellation else { return }
        resolve(call: call, with: .failure(CancellationError()))
    }
}
