// Role in the data flow: rejected input ends here. Parse errors (`CommandError`) and store
// rejections (`MoviesState.EditError`) both become one line that says what was wrong and what is
// valid, in the user's 1-based positions. Any word the user typed is escaped, and shortened, before
// it is echoed. Lines that never became text (too long, not UTF-8) and failures to read or write
// the standard streams get their one line here too.

import MoviesCore
import MoviesViews
import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one-line messages for rejected commands and unreadable input.
enum ErrorMessage {
    /// The message for a line that did not parse; `count` is the list's current length, so an
    /// out-of-range position can name the valid range, or `nil` before the list has loaded
    /// (there is no range to name yet, and "the list is empty" would be wrong).
    static func describe(_ error: CommandError, count: Int?) -> String {
        switch error {
        case .syntax(.unterminatedQuote(let quote)):
            return "unterminated \(quote) quote; close it, or escape it with a backslash"
        case .syntax(.danglingBackslash):
            return "the line ends with a lone backslash; a backslash must escape a character"
        case .unknownCommand(let word, let suggestion):
            let hint = suggestion.map { "did you mean \($0)? " } ?? ""
            return "unknown command \"\(TerminalText.excerpt(word))\"; \(hint)"
                + "type help to see the commands"
        case .unknownHelpTopic(let word, let suggestion):
            let hint = suggestion.map { "did you mean \($0)? " } ?? ""
            return "help: no command \"\(TerminalText.excerpt(word))\"; \(hint)"
                + "type help to see the commands"
        case .emptyPath:
            let save = SaveCommand.reference
            return "\(save.name): the file name is empty; usage: \(save.usage)"
        case .wrongArguments(let command, let given):
            return "\(command.name): \(Self.arguments(given)); usage: \(command.usage)"
        case .positionNotANumber(let word, let argument):
            return "\(argument.command): position \"\(TerminalText.excerpt(word))\" is not a "
                + "whole number; " + validPositions(for: argument, count: count)
        case .positionTooLarge(let word, let argument):
            return "\(argument.command): position \(TerminalText.excerpt(word)) is out of range; "
                + validPositions(for: argument, count: count)
        case .notANumber(let word, let argument):
            return
                "\(argument.command): \(argument.field.stringValue) \"\(TerminalText.excerpt(word))\" "
                + "is not a whole number; " + validValues(of: argument.field) + argument.hint
        case .numberTooLarge(let word, let argument):
            return
                "\(argument.command): \(argument.field.stringValue) \(TerminalText.excerpt(word)) is "
                + "out of range; " + validValues(of: argument.field)
        case .editNotANumber(let word, let argument):
            return "\(argument.command): \"\(TerminalText.excerpt(word))\" is not "
                + edits(argument.meaning)
        case .editTooLarge(let word, let argument):
            return "\(argument.command): \(TerminalText.excerpt(word)) is out of range; "
                + "the history holds at most \(HistoryOption.range.upperBound) edits each way"
        case .lineTooLong(let limit):
            return lineTooLong(limit: limit)
        case .invalidUTF8(let invalid):
            return invalidUTF8(invalid)
        }
    }

    /// The message for an edit the store rejected.
    static func describe(_ error: MoviesState.EditError, command: CommandReference) -> String {
        let name = command.name
        switch error {
        case .indexOutOfRange(let index, let valid):
            let position = index < Int.max ? index + 1 : index
            return "\(name): position \(position) is out of range; "
                + positions(valid)
        case .emptyTitle:
            return "\(name): the title is empty; give one, in quotes if it has spaces"
        case .titleTooLong(let maximum):
            return "\(name): the title is too long; "
                + "at most \(maximum) Unicode code points"
        case .outOfRange(let field, let number, _):
            return "\(name): \(field.stringValue) \(number) is out of range; "
                + validValues(of: field)
        case .stillLoading:
            return
                "\(name): the movies are still loading; try again when they have arrived"
        case .nothingToUndo:
            return "undo: nothing to undo"
        case .nothingToRedo:
            return "redo: nothing to redo; a new edit after undo starts over"
        case .noFreeID(let valid):
            return "\(name): no id is left for a new movie; ids go up to "
                + "\(valid.upperBound) and the list has used the last one"
        case .editOutOfRange(let number, let valid):
            return "\(name): edit \(number) is out of range; " + edits(valid)
        case .doesNotApply:
            return "\(name): the change does not fit the list"
        }
    }

    /// The message for `undo N` or `redo N` past the edits there are.
    static func tooManyEdits(_ count: Int, available: Int, command: CommandReference) -> String {
        "\(command.name): \(count) edits asked for, but only \(available) can be taken "
            + (command.name == UndoCommand.reference.name ? "back" : "forward")
            + "; history lists them"
    }

    /// The message for a line longer than `limit` bytes, whose rest was skipped.
    static func lineTooLong(limit: Int) -> String {
        "the line is longer than \(limit) bytes (\(limit / 1024) KiB); it was skipped"
    }

    /// The message for a line that is not valid UTF-8.
    static func invalidUTF8(_ invalid: UTF8Validation.InvalidByte) -> String {
        let hex = String(invalid.value, radix: 16, uppercase: true)
        return
            "the line is not valid UTF-8 (byte \(invalid.offset + 1) is 0x\(hex)); it was skipped"
    }

    /// The message for reading standard input failing with `code`, which ends the session.
    static func readFailure(_ code: Int32) -> String {
        "movies: cannot read standard input: \(SystemCall.reason(code))"
    }

    /// The message for writing to standard output failing with `code`.
    static func writeFailure(_ code: Int32) -> String {
        "movies: cannot write to standard output: \(SystemCall.reason(code))\n"
    }

    /// "valid years are 1888–2100", from the field's kind; "…, or none" for a field a movie may
    /// be without.
    private static func validValues(of field: Movie.Field) -> String {
        guard let valid = field.kind.validNumbers else { return "" }
        let none = field.kind.isRequired ? "" : ", or \(FieldArgument.none)"
        return "valid \(field.stringValue)s are \(valid.lowerBound)–\(valid.upperBound)\(none)"
    }

    private static func arguments(_ count: Int) -> String {
        guard count > 0 else { return "expected arguments, got none" }
        return "got \(Counted(count, "argument"))"
    }

    /// The valid positions for `argument` when the list has `count` movies (`nil`: not loaded
    /// yet).
    private static func validPositions(for argument: PositionArgument, count: Int?) -> String {
        guard let count else { return "the movies have not loaded yet" }
        return positions(argument.validIndexes(count: count))
    }

    /// What an edit argument must be: an edit's number or a count of edits.
    private static func edits(_ meaning: EditArgument.Meaning) -> String {
        switch meaning {
        case .edit: return "an edit's number; history lists them"
        case .count: return "a number of edits; give a whole number, 1 or more"
        }
    }

    /// "valid edits are 0–5" for the edit numbers `valid`, as `history` numbers them.
    private static func edits(_ valid: Range<Int>) -> String {
        switch valid.count {
        case 0: return "no edit is done yet (history lists them)"
        case 1: return "the only valid edit is \(valid.lowerBound) (history lists them)"
        default:
            return
                "valid edits are \(valid.lowerBound)–\(valid.upperBound - 1) (history lists them)"
        }
    }

    /// "valid positions are 1–5" for the 0-based indexes `valid`.
    private static func positions(_ valid: Range<Int>) -> String {
        switch valid.count {
        case 0: return "the list is empty"
        case 1: return "the only valid position is \(valid.lowerBound + 1)"
        default: return "valid positions are \(valid.lowerBound + 1)–\(valid.upperBound)"
        }
    }
}
