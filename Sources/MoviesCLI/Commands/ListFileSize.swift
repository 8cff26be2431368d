// Role in the data flow: a subscriber beside the views that keeps the bytes the list would take as a
// file, so that `CommandRunner` can refuse an insert or a rename that would write a state file or
// catalog the next start cannot read back (`Catalog.maximumFileSize`). It follows the store's
// Changes: an insert, a delete or a row that reads differently costs one or two movies' count, a
// reload a recount of the new list when next asked.
//
//   store ─► Change ─► ListFileSize (objectBytes) ◄─ CommandRunner asks before an insert or update

import MoviesCore
import MoviesFormats

/// The size of the list as a catalog file, kept current from the store's Changes.
@MainActor
final class ListFileSize {
    private let viewModel: MoviesViewModel
    /// The bytes of every movie's object; `nil` when it must be counted again (at the start, and
    /// after a reload swapped the whole list).
    private var objectBytes: Int?
    private var subscription: MoviesViewModel.Subscription?

    init(viewModel: MoviesViewModel) {
        self.viewModel = viewModel
        subscription = viewModel.subscribe { [weak self] change, _ in
            self?.apply(change)
        }
    }

    isolated deinit {
        subscription?.cancel()
    }

    /// The bytes `save` would write for the list now.
    var bytes: Int {
        let movies = viewModel.state.movies
        let objects = objectBytes ?? movies.reduce(0) { $0 + CatalogSize.object($1) }
        objectBytes = objects
        return CatalogSize.file(objectBytes: objects, count: movies.count)
    }

    /// The bytes the list would take with `movie` inserted.
    func bytes(inserting movie: Movie) -> Int {
        bytes + CatalogSize.object(movie) + (viewModel.state.movies.isEmpty ? 0 : 1)
    }

    /// The bytes the list would take with `old`, one of its movies, replaced by `new`.
    func bytes(replacing old: Movie, with new: Movie) -> Int {
        bytes - CatalogSize.object(old) + CatalogSize.object(new)
    }

    private func apply(_ change: MoviesState.Change) {
        guard let objects = objectBytes else { return }
        switch change {
        case .inserted(let movie, _): objectBytes = objects + CatalogSize.object(movie)
        case .deleted(let movie, _): objectBytes = objects - CatalogSize.object(movie)
        case .updated(_, let old, let new):
            objectBytes = objects - CatalogSize.object(old) + CatalogSize.object(new)
        case .reloaded: objectBytes = nil
        case .moved, .fetch, .none: break
        }
    }
}
