// Role in the data flow: the API is where movies come from. The view model depends only on this
// protocol, so tests and the benchmark can hand it any source, and the app hands it `FakeMoviesAPI`.

/// A source of the movie list.
///
/// `Sendable` because the view model calls it from the main actor while the work happens
/// elsewhere; `async` so a slow source never blocks the main actor (and the loading indicator can
/// be drawn while it works).
public protocol MoviesAPI: Sendable {
    /// Fetches the whole list. Throws on failure; honours task cancellation.
    func fetchMovies() async throws -> [Movie]
}
