// Role in the benchmark: the one subscriber of the store in the dispatch section. It looks at every
// Change the store emits, the way a view would, and folds the row edits into the same checksum the
// bare-array baseline computes, so the two loops can be checked against each other.

import MoviesCore

/// Consumes every `Change` of a store and keeps a checksum of the row edits.
@MainActor
final class ChangeConsumer {
    /// The fold of every insert, delete and move seen, in `RawList`'s encoding.
    private(set) var checksum = Checksum()
    /// Changes that are not inserts, deletes or moves; the dispatch workload, which makes only
    /// those, should cause none.
    private(set) var otherChanges = 0

    /// Folds one `Change` into the checksum.
    ///
    /// Exhaustive, so that a new kind of Change must be decided on here too.
    func consume(_ change: MoviesState.Change) {
        switch change {
        case .none, .fetch, .reloaded, .updated:
            otherChanges += 1
        case .inserted(let movie, let index):
            checksum.add(RawList.insertTag)
            checksum.add(movie.id)
            checksum.add(index)
        case .deleted(let movie, let index):
            checksum.add(RawList.deleteTag)
            checksum.add(movie.id)
            checksum.add(index)
        case .moved(let movie, let source, let destination):
            checksum.add(RawList.moveTag)
            checksum.add(movie.id)
            checksum.add(source)
            checksum.add(destination)
        }
    }
}
