// Role in the data flow: `FakeMoviesAPI` stands in for a server. It serves the movies it is given
// after a configurable latency, and can be told to fail, so that the loading indicator, errors,
// retries and cancellation in the rest of the app are exercised for real.

/// A `MoviesAPI` that serves a given list of movies, with simulated latency and failures.
///
/// An actor because "fail the first N attempts" needs a counter shared by every caller. The
/// actor is free while a fetch sleeps, so concurrent fetches overlap like real requests.
///
/// Where the movies come from is its builder's business: the app hands it a closure that reads
/// the bundled catalog or a catalog file (MoviesFormats), a test hands it a literal list. The
/// closure runs on each fetch, after the latency, so a catalog that cannot be read fails that
/// fetch like a server error would, and the view shows the reason.
public actor FakeMoviesAPI: MoviesAPI {

    /// When fetches fail on purpose.
    public enum Failure: Equatable, Sendable {
        /// Never inject a failure.
        case never
        /// Every fetch fails.
        case always
        /// The first `n` fetches fail, the rest succeed: the shape of a flaky network.
        case firstAttempts(Int)
    }

    /// The error an injected failure throws.
    public struct InjectedFailure: Error, Equatable, Sendable, CustomStringConvertible {
        /// 1-based number of the fetch that failed.
        public var attempt: Int
        public var description: String {
            "the server did not answer (simulated failure, attempt \(attempt))"
        }
    }

    /// The latency the app uses unless told otherwise: long enough for a person to see the
    /// loading indicator.
    public static let defaultLatency: Duration = .seconds(1)

    private let movies: @Sendable () throws -> [Movie]
    private let latency: Duration
    private let failure: Failure
    private var attempts = 0

    /// An API that answers each fetch with what `movies` returns (or throws).
    public init(
        latency: Duration = defaultLatency, failure: Failure = .never,
        movies: @escaping @Sendable () throws -> [Movie]
    ) {
        self.movies = movies
        self.latency = latency
        self.failure = failure
    }

    /// How many fetches have been started so far.
    public var attemptCount: Int { attempts }

    public func fetchMovies() async throws -> [Movie] {
        attempts += 1
        let attempt = attempts
        if latency > .zero {
            try await Task.sleep(for: latency)
        }
        try Task.checkCancellation()
        switch failure {
        case .never:
            break
        case .always:
            throw InjectedFailure(attempt: attempt)
        case .firstAttempts(let count):
            if attempt <= count { throw InjectedFailure(attempt: attempt) }
        }
        return try movies()
    }
}
