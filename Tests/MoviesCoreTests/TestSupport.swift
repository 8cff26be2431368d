// Shared test doubles for the core: a movie source that answers at once, and a recorder for
// emitted Changes. (`ControlledAPI`, whose fetches finish when the test says, is in
// MoviesTestSupport: the CLI's tests use it too.)

import MoviesCore
import MoviesTestSupport

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
