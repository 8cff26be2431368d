// Role in the data flow: a line that does not parse (or could not even be read as text) stops here,
// as a `CommandError`; it never reaches the store. `CommandRunner` turns it into the one-line
// message the user sees.

import MoviesCore
import SystemBoundary

/// Why an input line is not a valid command.
///
/// Numbers that are too large keep the text the user typed, so the message can quote it exactly.
package enum CommandError: Error, Equatable, Sendable {
    /// The line could not be split into words (an open quote, a lone backslash).
    case syntax(Tokenizer.Error)
    /// The first word is no command name; carries that word and the nearest command name, if one
    /// is close enough to be a likely typo.
    case unknownCommand(String, suggestion: String?)
    /// `help WORD` where WORD is no command name.
    case unknownHelpTopic(String, suggestion: String?)
    /// The command got the wrong number of arguments; carries its reference, for its usage.
    case wrongArguments(CommandReference, given: Int)
    /// A position is not a whole number written with digits.
    case positionNotANumber(String, PositionArgument)
    /// A position is made of digits but too large for any list.
    case positionTooLarge(String, PositionArgument)
    /// A field's number (a year, a rating) is not a whole number written with digits.
    case notANumber(String, FieldArgument)
    /// A field's number is made of digits but too large for any range.
    case numberTooLarge(String, FieldArgument)
    /// An edit's number (`goto`, `skip`) or a count of edits (`undo 3`) is not a whole number
    /// written with digits.
    case editNotANumber(String, EditArgument)
    /// An edit's number or count is made of digits but too large for any history.
    case editTooLarge(String, EditArgument)
    /// `save ""`: a file needs a name.
    case emptyPath
    /// The line was longer than `limit` bytes; it was skipped unread.
    case lineTooLong(limit: Int)
    /// The line was not valid UTF-8; it was skipped.
    case invalidUTF8(UTF8Validation.InvalidByte)
}

extension CommandError {
    /// Whether the error's message names the list's valid positions (a position that is no
    /// number, or too large), so it needs the list's length.
    ///
    /// Reported while the list is still loading, such a message could only say "the movies have
    /// not loaded yet", even when the list arrives a moment later (`--latency 0`).
    var namesPositions: Bool {
        switch self {
        case .positionNotANumber, .positionTooLarge: return true
        case .syntax, .unknownCommand, .unknownHelpTopic, .wrongArguments, .notANumber,
            .numberTooLarge, .editNotANumber, .editTooLarge, .emptyPath, .lineTooLong,
            .invalidUTF8:
            return false
        }
    }
}
