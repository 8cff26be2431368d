// Role in the benchmark: the time-travel section's workload. Every kind of edit a user makes
// (inserts, moves, deletes, renames and ratings) drawn from the seeded generator while a bare array
// makes the same edits, so that no edit is one the store would leave out of its history (a rename
// to the title the movie already has), and so that the lists the section travels to are known
// without asking the store.

import MoviesCore
import MoviesTestSupport

/// A seeded stream of edits of every kind, and the lists it passes through.
///
/// `EditAction.stream` makes the inserts, moves and deletes the other sections share; this adds
/// the edits that change a row in place, whose Change carries the movie before and after, so a
/// history of them is not only row shifts. The list stays at N or N + 1 movies, as there.
struct MixedEdits {
    /// The store's actions, in order.
    let actions: [MoviesViewModel.Action]
    /// The list after the first half of them (`actions.count / 2`), where a jump to the middle
    /// lands.
    let halfway: [Movie]
    /// The list after all of them.
    let final: [Movie]

    /// `count` edits of `base`: a fifth each moves, renames and ratings, the rest inserts at N
    /// movies and deletes at N + 1.
    ///
    /// A move never targets its own row, a rename always gives another title and a rating
    /// another number of stars (or none), so the store records every one of them.
    init(count: Int, on base: [Movie], using generator: inout SeededGenerator) {
        precondition(base.count >= 2, "a move needs two rows")
        let size = base.count
        var list = SyntheticCatalog.freshCopy(of: base)
        var nextID = (base.lazy.map(\.id).max() ?? 0) + 1
        var actions: [MoviesViewModel.Action] = []
        actions.reserveCapacity(count)
        var halfway: [Movie] = []
        for number in 0..<count {
            if number == count / 2 { halfway = SyntheticCatalog.freshCopy(of: list) }
            switch Int.random(in: 0..<5, using: &generator) {
            case 0:
                let from = Int.random(in: 0..<list.count, using: &generator)
                var to = Int.random(in: 0..<(list.count - 1), using: &generator)
                if to >= from { to += 1 }
                list.insert(list.remove(at: from), at: to)
                actions.append(.move(from: from, to: to))
            case 1:
                let index = Int.random(in: 0..<list.count, using: &generator)
                var title = SyntheticCatalog.title(using: &generator)
                while title == list[index].title {
                    title = SyntheticCatalog.title(using: &generator)
                }
                list[index].title = title
                actions.append(.rename(at: index, to: title))
            case 2:
                let index = Int.random(in: 0..<list.count, using: &generator)
                let ratings: [Int?] = [nil] + Movie.validRatings.map { $0 }
                let others = ratings.filter { $0 != list[index].rating }
                let stars = others[Int.random(in: 0..<others.count, using: &generator)]
                list[index].rating = stars
                actions.append(.rate(at: index, stars: stars))
            default:
                if list.count == size {
                    let title = SyntheticCatalog.title(using: &generator)
                    let year = SyntheticCatalog.year(using: &generator)
                    let index = Int.random(in: 0...list.count, using: &generator)
                    list.insert(Movie(id: nextID, title: title, year: year), at: index)
                    nextID += 1
                    actions.append(.insert(title: title, year: year, at: index))
                } else {
                    let index = Int.random(in: 0..<list.count, using: &generator)
                    list.remove(at: index)
                    actions.append(.delete(at: index))
                }
            }
        }
        self.actions = actions
        self.halfway = count == 0 ? list : halfway
        final = list
    }
}
