// A seeded script of edits for the crash tests: inserts, deletes, moves, renames, ratings, undo and
// redo, some of them rejected, as input lines, with the reference list after each accepted edit. A
// session killed at any moment must leave one of those lists on disk.

import MoviesTestSupport

/// Input lines of edits, and the lists they lead to.
struct EditScript: Sendable {
    /// The input, one command a line, each ending with a newline.
    private(set) var input = ""
    /// How many lines the script has.
    private(set) var lineCount = 0
    /// `lists[k]` is the list after exactly `k` accepted edits; `lists[0]` is the starting list.
    private(set) var lists: [[CatalogMovie]]

    /// How many edits changed the list (each draws one row).
    var acceptedCount: Int { lists.count - 1 }

    /// `length` commands starting from `movies`, drawn from `seed`.
    init(seed: UInt64, length: Int, startingFrom movies: [CatalogMovie]) {
        var random = SeededGenerator(seed: seed)
        var reference = ReferenceList(movies)
        lists = [movies]
        for number in 1...length {
            let count = reference.movies.count
            // Now and then a position just past the end, which must be rejected.
            func position(_ valid: Int) -> Int {
                Int.random(in: 0..<10, using: &random) == 0
                    ? valid + Int.random(in: 1...3, using: &random)
                    : Int.random(in: 1...max(1, valid), using: &random)
            }
            let line: String
            let outcome: ReferenceList.Outcome
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<30:
                let title = "Film \(seed % 1000)-\(number)"
                let year =
                    Int.random(in: 0..<12, using: &random) == 0
                    ? 1700 : Int.random(in: 1888...2100, using: &random)
                let at: Int? = Bool.random(using: &random) ? position(count + 1) : nil
                line = "insert \"\(title)\" \(year)" + (at.map { " \($0)" } ?? "")
                outcome = reference.insert(title: title, year: year, at: at)
            case 30..<50:
                let at = position(count)
                line = "delete \(at)"
                outcome = reference.delete(at: at)
            case 50..<75:
                let from = position(count)
                var to = position(count)
                if to == from { to = from == 1 ? 2 : from - 1 }
                line = "move \(from) \(to)"
                outcome = reference.move(from: from, to: to)
            case 75..<80:
                // Another rating than the movie has, or now and then one out of range.
                let at = position(count)
                let current =
                    reference.movies.indices.contains(at - 1)
                    ? reference.movies[at - 1].rating : nil
                let choices = ([nil] + (1...5).map { $0 }).filter { $0 != current } + [7]
                let stars = choices[Int.random(in: 0..<choices.count, using: &random)]
                line = "rate \(at) " + (stars.map(String.init) ?? "none")
                outcome = reference.rate(at: at, stars: stars)
            case 80..<85:
                // Unquoted words, as a user types them; a title the movie has not had yet.
                let at = position(count)
                let title = "Retitled \(seed % 1000) \(number)"
                line = "rename \(at) \(title)"
                outcome = reference.rename(at: at, to: title)
            case 85..<95:
                line = "undo"
                outcome = reference.undo()
            default:
                line = "redo"
                outcome = reference.redo()
            }
            input += line + "\n"
            lineCount += 1
            if outcome == .changed { lists.append(reference.movies) }
        }
    }
}
