// Role in the data flow: inside parsing. A command that gives a movie's field a number (`insert`'s
// year, `rate`'s stars) reads it here, as a whole number; whether it is in the field's range is for
// the store to say, but a word that is no number is reported now, naming the valid values.

import MoviesCore

/// A command's argument for a movie's numeric field.
package struct FieldArgument: Equatable, Sendable {
    /// The name of the command that takes it, for messages.
    let command: String
    /// The field it gives a value to; its kind says which numbers are valid and whether a movie
    /// may have none.
    let field: Movie.Field
    /// The word that takes an optional field's value away (`rate 3 none`), in every command.
    static let none = "none"
    /// What to add to a message about a word that is no number, such as a reminder to quote a
    /// title with spaces.
    let hint: String

    /// An argument for `field` of `command`'s.
    init(command: String, field: Movie.Field, hint: String = "") {
        self.command = command
        self.field = field
        self.hint = hint
    }

    /// Reads `word` as a number.
    ///
    /// A number too large for `Int` is out of every field's range, so it is reported here.
    func number(_ word: String) throws(CommandError) -> Int {
        switch WholeNumber(word) {
        case .value(let number): return number
        case .tooLarge: throw .numberTooLarge(word, self)
        case .notANumber: throw .notANumber(word, self)
        }
    }

    /// Reads `word` as the field's value: a number, or `nil` for `none` where the field's kind
    /// lets a movie be without one.
    func value(_ word: String) throws(CommandError) -> Int? {
        if !field.kind.isRequired, word.lowercased() == Self.none { return nil }
        return try number(word)
    }
}
