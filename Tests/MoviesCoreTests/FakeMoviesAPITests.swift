// The fake API: it serves the movies it is given, waits its latency (and honours cancellation while
// waiting), and fails on demand. (Serving a catalog file is MoviesFormats' FakeMoviesAPI+Catalog.)

import MoviesTestSupport
import Testing

@testable import MoviesCore

@Suite("FakeMoviesAPI", .hangGuard)
struct FakeMoviesAPITests {
    @Test func servesTheMoviesItIsGiven() async throws {
        let api = FakeMoviesAPI(latency: .zero) { sampleMovies }
        #expect(try await api.fetchMovies() == sampleMovies)
    }

    @Test func alwaysFailingFailsEveryAttempt() async {
        let api = FakeMoviesAPI(latency: .zero, failure: .always) { sampleMovies }
        for attempt in 1...3 {
            await #expect(throws: FakeMoviesAPI.InjectedFailure(attempt: attempt)) {
                try await api.fetchMovies()
            }
        }
    }

    @Test func failingTheFirstAttemptsThenSucceeds() async throws {
        let api = FakeMoviesAPI(latency: .zero, failure: .firstAttempts(2)) { sampleMovies }
        await #expect(throws: FakeMoviesAPI.InjectedFailure(attempt: 1)) {
            try await api.fetchMovies()
        }
        await #expect(throws: FakeMoviesAPI.InjectedFailure(attempt: 2)) {
            try await api.fetchMovies()
        }
        #expect(try await api.fetchMovies() == sampleMovies)
        #expect(await api.attemptCount == 3)
    }

    @Test func injectedFailuresDescribeThemselves() {
        #expect(
            "\(FakeMoviesAPI.InjectedFailure(attempt: 2))"
                == "the server did not answer (simulated failure, attempt 2)")
    }

    @Test func aSourceThatThrowsFailsTheFetchWithItsError() async {
        let api = FakeMoviesAPI(latency: .zero) { () throws -> [Movie] in throw TestFailure() }
        await #expect(throws: TestFailure()) {
            try await api.fetchMovies()
        }
    }

    @Test(.hangGuard)
    func cancellingDuringTheLatencyStopsTheFetchPromptly() async {
        let api = FakeMoviesAPI(latency: .seconds(30)) { sampleMovies }
        let fetch = Task { try await api.fetchMovies() }
        fetch.cancel()
        await #expect(throws: CancellationError.self) { try await fetch.value }
    }
}
