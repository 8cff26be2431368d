// Role in the data flow: inside parsing. `goto` and `skip` take an edit's number, as `history` lists
// them, and `undo` and `redo` a number of edits; this reads one as a whole number. Whether the
// edit exists is the store's to say (its history numbers them); a word that is no number is
// reported now.

/// A command's argument that names an edit, or counts edits.
package struct EditArgument: Equatable, Sendable {
    /// What the number is.
    enum Meaning: Equatable, Sendable {
        /// An edit's number: 0 (before the first edit) to the last.
        case edit
        /// How many edits to step over: 1 or more.
        case count
    }

    /// The name of the command that takes it, for messages.
    let command: String
    let meaning: Meaning

    /// Reads `word` as a whole number (0 for a count is the command's to refuse).
    ///
    /// A number too large for `Int` names no edit of any history, so it is reported here.
    func parse(_ word: String) throws(CommandError) -> Int {
        switch WholeNumber(word) {
        case .value(let number): return number
        case .tooLarge: throw .editTooLarge(word, self)
        case .notANumber: throw .editNotANumber(word, self)
        }
    }
}
