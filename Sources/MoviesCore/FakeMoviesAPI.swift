// Role in the data flow: `FakeMoviesAPI` stands in for a server. It serves the bundled catalog (or a
// given file) after a configurable latency, and can be told to fail, so that the loading indicator,
// errors, retries and cancellation in the rest of the app are exercised for real.

import Foundation

/// A `MoviesAPI` backed by a JSON catalog file, with simulated latency and failures.
///
/// An actor because "fail the first N attempts" needs a counter shared by every caller. The
/// actor is free while a fetch sleeps, so concurrent fetches overlap like real requests.
public actor FakeMoviesAPI: MoviesAPI {
    /// Which catalog to serve.
    public enum Source: Equatable, Sendable {
        /// `Resources/movies.json`, compiled into the binary (`.embedInCode` in Package.swift).
        case bundled
        /// A catalog file chosen by the user.
        case file(URL)
    }

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

    private let source: Source
    private let latency: Duration
    private let failure: Failure
    private var attempts = 0

    public init(
        source: Source = .bundled, latency: Duration = defaultLatency, failure: Failure = .never
    ) {
        self.source = source
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
        switch source {
        case .file(let url):
            return try Catalog.load(from: url)
        case .bundled:
            return try Catalog.decode(Data(PackageResources.movies_json), file: "movies.json")
        }
    }
}
