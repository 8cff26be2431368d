// Role in the data flow: a side path for rejected input. When the first word of a line is no
// command, the error message offers the command the user most likely meant (`lsit` → `list`),
// from the spellings of the commands in `CommandList`.

/// Finds the command name nearest to a mistyped word.
enum Suggestion {
    /// The longest word compared; anything longer is not a typo of a command name, and the cost
    /// of comparing grows with the product of the lengths.
    static let maximumWordLength = 16

    /// The command spelling within edit distance 2 of `word` (a swap of two neighbours counts as
    /// one edit), the nearest first; `nil` when none is that close.
    static func nearest(to word: String) -> String? {
        let typed = Array(word.lowercased().unicodeScalars.prefix(maximumWordLength + 1))
        // A quoted phrase ("list x") is not a mistyped name.
        guard typed.count <= maximumWordLength, !typed.isEmpty,
            !typed.contains(where: { $0.properties.isWhitespace })
        else { return nil }
        var best: (spelling: String, distance: Int)?
        for command in CommandList.all {
            for spelling in command.reference.spellings where spelling.count > 1 {
                let distance = editDistance(typed, Array(spelling.unicodeScalars))
                let limit = min(2, spelling.count / 2)
                if distance <= limit, distance < (best?.distance ?? Int.max) {
                    best = (spelling, distance)
                }
            }
        }
        return best?.spelling
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// adjacent scalars each cost one.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
