// The fake API: it serves the bundled catalog or a given file, waits its latency (and honours
// cancellation while waiting), and fails on demand.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCore

@Suite("FakeMoviesAPI")
struct FakeMoviesAPITests {
    @Test func servesAGivenCatalogFile() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = try folder.write(Data(Catalog.jsonLine(sampleMovies).utf8))
        let api = FakeMoviesAPI(source: .file(url), latency: .zero)
        #expect(try await api.fetchMovies() == sampleMovies)
    }

    @Test func alwaysFailingFailsEveryAttempt() async {
        let api = FakeMoviesAPI(latency: .zero, failure: .always)
        for attempt in 1...3 {
            await #expect(throws: FakeMoviesAPI.InjectedFailure(attempt: attempt)) {
                try await api.fetchMovies()
            }
        }
    }

    @Test func failingTheFirstAttemptsThenSucceeds() async throws {
        let api = FakeMoviesAPI(latency: .zero, failure: .firstAttempts(2))
        await #expect(throws: FakeMoviesAPI.InjectedFailure(attempt: 1)) {
            try await api.fetchMovies()
        }
        await #expect(throws: FakeMoviesAPI.InjectedFailure(attempt: 2)) {
            try await api.fetchMovies()
        }
        #expect(try await api.fetchMovies().count == 30)
        #expect(await api.attemptCount == 3)
    }

    @Test func injectedFailuresDescribeThemselves() {
        #expect(
            "\(FakeMoviesAPI.InjectedFailure(attempt: 2))"
                == "the server did not answer (simulated failure, attempt 2)")
    }

    @Test func aMissingCatalogIsATypedError() async {
        let api = FakeMoviesAPI(
            source: .file(URL(fileURLWithPath: "/no/such.json")), latency: .zero)
        await #expect(throws: CatalogError(file: "/no/such.json", problem: .missing)) {
            try await api.fetchMovies()
        }
    }

    @Test(.hangGuard)
    func cancellingDuringTheLatencyStopsTheFetchPromptly() async {
        let api = FakeMoviesAPI(latency: .seconds(30))
        let fetch = Task { try await api.fetchMovies() }
        fetch.cancel()
        await #expect(throws: CancellationError.self) { try await fetch.value }
    }
}
