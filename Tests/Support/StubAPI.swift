// A movie source that answers at once: the test double for every test that needs a fetch to finish
// but does not care when. (`ControlledAPI` finishes when the test says; `HangingAPI` never does.)

import MoviesCore

/// A `MoviesAPI` that answers every fetch at once with the next of a fixed list of results, then
/// repeats the last one.
package struct StubAPI: MoviesAPI {
    private let results: [Result<[Movie], TestFailure>]
    private let counter = Counter()

    /// Answers every fetch with `movies`, or fails every fetch when `failing` is set.
    package init(movies: [Movie] = sampleMovies, failing: Bool = false) {
        results = [failing ? .failure(TestFailure()) : .success(movies)]
    }

    /// Answers the first fetch with the first result, the second with the second, and so on.
    package init(
        _ first: Result<[Movie], TestFailure>, _ then: Result<[Movie], TestFailure>...
    ) {
        results = [first] + then
    }

    package func fetchMovies() async throws -> [Movie] {
        let call = await counter.next()
        return try results[min(call, results.count - 1)].get()
    }

    /// Counts the fetches, shared by every copy of the API.
    private actor Counter {
        private var value = 0
        func next() -> Int {
            defer { value += 1 }
            return value
        }
    }
}
