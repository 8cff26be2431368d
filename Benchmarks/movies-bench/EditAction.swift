// Role in the benchmark: the workload. A seeded stream of inserts, moves and deletes that keeps the
// list at N or N + 1 movies, so that every action costs what an edit costs at size N. The dispatch
// section applies it to the store and to a bare array, the undo section undoes and redoes it, the
// restore section journals it; the pipeline and state-file sections type it as commands.

import MoviesCore
import MoviesTestSupport

/// One edit of the list, in 0-based state coordinates.
enum EditAction: Equatable, Sendable {
    case insert(title: String, year: Int, at: Int)
    case move(from: Int, to: Int)
    case delete(at: Int)

    /// `count` actions on a list that starts with `size` movies.
    ///
    /// At `size` movies the next action inserts or moves, at `size + 1` it deletes or moves, each
    /// choice two to one: inserts, deletes and moves come in about equal numbers, and the list
    /// never leaves the buffer that `SyntheticCatalog` reserved. Moves never target their own row,
    /// which the store would answer with `.none` and the bare array with nothing to do.
    static func stream(
        count: Int, size: Int, using generator: inout SeededGenerator
    ) -> [EditAction] {
        precondition(size >= 2, "a move needs two rows")
        var actions: [EditAction] = []
        actions.reserveCapacity(count)
        var current = size
        for _ in 0..<count {
            let moves = Int.random(in: 0..<3, using: &generator) == 0
            if moves {
                let from = Int.random(in: 0..<current, using: &generator)
                var to = Int.random(in: 0..<(current - 1), using: &generator)
                if to >= from { to += 1 }
                actions.append(.move(from: from, to: to))
            } else if current == size {
                let title = SyntheticCatalog.title(using: &generator)
                let year = SyntheticCatalog.year(using: &generator)
                let index = Int.random(in: 0...current, using: &generator)
                actions.append(.insert(title: title, year: year, at: index))
                current += 1
            } else {
                actions.append(.delete(at: Int.random(in: 0..<current, using: &generator)))
                current -= 1
            }
        }
        return actions
    }

    /// The store's action for this edit, as `MoviesViewModel.send(_:)` takes it.
    var action: MoviesViewModel.Action {
        switch self {
        case .insert(let title, let year, let index):
            return .insert(title: title, year: year, at: index)
        case .move(let from, let to):
            return .move(from: from, to: to)
        case .delete(let index):
            return .delete(at: index)
        }
    }

    /// The action as a user would type it: 1-based positions, the title in double quotes.
    ///
    /// Generated titles contain neither quotes nor backslashes, so quoting is all they need.
    var commandLine: String {
        switch self {
        case .insert(let title, let year, let index):
            return "insert \"\(title)\" \(year) \(index + 1)"
        case .move(let from, let to):
            return "move \(from + 1) \(to + 1)"
        case .delete(let index):
            return "delete \(index + 1)"
        }
    }
}
