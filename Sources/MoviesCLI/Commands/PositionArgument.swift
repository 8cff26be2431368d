// Role in the data flow: inside parsing. A command that takes a position reads it here, as a
// whole number; whether the position exists is for the store to say, but a word that is no number
// is reported now, naming the valid positions once the list is known.

/// A command's 1-based position argument.
package struct PositionArgument: Equatable, Sendable {
    /// The name of the command that takes it, for messages.
    let command: String
    /// Whether one past the last row is a position too: `insert`'s is (at the end).
    let includesTheEnd: Bool

    /// Reads `word` as a position.
    ///
    /// A number too large for `Int` cannot exist in any list, so it is reported here, as out of
    /// range.
    func parse(_ word: String) throws(CommandError) -> Int {
        switch WholeNumber(word) {
        case .value(let position): return position
        case .tooLarge: throw .positionTooLarge(word, self)
        case .notANumber: throw .positionNotANumber(word, self)
        }
    }

    /// The 0-based indexes this argument may name in a list of `count` movies.
    func validIndexes(count: Int) -> Range<Int> {
        0..<(includesTheEnd ? count + 1 : count)
    }
}
