// A movie source whose fetch never finishes by itself: the test double for cancellation, for a
// session that ends with a fetch in flight, and for typing while the list loads.

import MoviesCore

/// A source whose fetch never finishes by itself; it ends only when cancelled.
package struct HangingAPI: MoviesAPI {
    package init() {}

    package func fetchMovies() async throws -> [Movie] {
        try await Task.sleep(for: .seconds(3600))
        return []
    }
}
