// Shared test doubles for the core: a movie source the test controls call by call, and a recorder
// for emitted Changes.

import MoviesCore

/// Three movies, enough to move, delete and insert around.
let sampleMovies = [
    Movie(id: 1, title: "Alien", year: 1979),
    Movie(id: 2, title: "Heat", year: 1995),
    Movie(id: 3, title: "Jaws", year: 1975),
]

/// An error a test can inject and recognise.
struct TestFailure: Error, Equatable, CustomStringConvertible {
    var description = "offline"
}

/// A `MoviesAPI` whose fetches finish only when the test resolves them, in any order.
///
/// This makes races deterministic: a test can start two fetches, finish the newer first, then the
/// stale one, and check that the stale result is never applied. A fetch honours cancellation (it
/// ends at once with `CancellationError`) unless the test asked it not to, and remembers that it
/// was cancelled, so a test can check that a superseded fetch really is cancelled.
actor ControlledAPI: MoviesAPI {
    private var started = 0
    private var waiting: [Int: CheckedContinuation<Result<[Movie], any Error>, Never>] = [:]
    private var early: [Int: Result<[Movie], any Error>] = [:]
    private let ignoresCancellation: Bool
    /// The calls that saw their task cancelled.
    private(set) var cancelledCalls: [Int] = []

    init(ignoresCancellation: Bool = false) {
        self.ignoresCancellation = ignoresCancellation
    }

    /// How many fetches have been started.
    var callCount: Int { started }

    func fetchMovies() async throws -> [Movie] {
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
    func resolve(call: Int, with result: Result<[Movie], any Error>) {
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

/// A `MoviesAPI` that answers at once with the next of a fixed list of results, then repeats
/// the last one.
struct ImmediateAPI: MoviesAPI {
    let results: [Result<[Movie], TestFailure>]
    let counter = Counter()

    init(_ results: Result<[Movie], TestFailure>...) {
        self.results = results
    }

    func fetchMovies() async throws -> [Movie] {
        let call = await counter.next()
        return try results[min(call, results.count - 1)].get()
    }

    actor Counter {
        private var value = 0
        func next() -> Int {
            defer { value += 1 }
            return value
        }
    }
}

/// Collects every Change a view model emits, with the movie list right after it.
@MainActor
final class ChangeRecorder {
    private(set) var changes: [MoviesState.Change] = []
    private(set) var lists: [[Movie]] = []
    private(set) var subscription: MoviesViewModel.Subscription?

    init(_ viewModel: MoviesViewModel) {
        subscription = viewModel.subscribe { [weak self] change, state in
            self?.changes.append(change)
            self?.lists.append(state.movies)
        }
    }
}

/// A view model already holding `movies`, loaded, with a source that serves them again.
@MainActor
func loadedViewModel(_ movies: [Movie] = sampleMovies) async -> MoviesViewModel {
    let viewModel = MoviesViewModel(api: ImmediateAPI(.success(movies)))
    viewModel.refresh()
    await viewModel.waitForFetch()
    return viewModel
}
