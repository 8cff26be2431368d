// A store that has already loaded: the starting point of most store tests, which are about what an
// edit emits, not about the first fetch.

import MoviesCore
import Testing

/// A view model already holding `movies`, loaded, with a source that serves them again.
@MainActor
package func loadedViewModel(_ movies: [Movie] = sampleMovies) async -> MoviesViewModel {
    let viewModel = MoviesViewModel(api: StubAPI(movies: movies))
    viewModel.refresh()
    await viewModel.settleFetch()
    return viewModel
}
