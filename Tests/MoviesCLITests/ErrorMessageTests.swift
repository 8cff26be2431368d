// The exact one-line message for every kind of rejected input: what was wrong and what is valid,
// in the user's 1-based positions, with any echoed word made safe for the terminal.

import Testing

@testable import MoviesCLI
@testable import MoviesCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Error messages")
struct ErrorMessageTests {
    static let parseErrors: [(CommandError, String)] = [
        (
            .syntax(.unterminatedQuote("\"")),
            "unterminated \" quote; close it, or escape it with a backslash"
        ),
        (
            .syntax(.danglingBackslash),
            "the line ends with a lone backslash; a backslash must escape a character"
        ),
        (
            .unknownCommand("frob", suggestion: nil),
            "unknown command \"frob\"; type help to see the commands"
        ),
        (
            .unknownCommand("lsit", suggestion: "list"),
            "unknown command \"lsit\"; did you mean list? type help to see the commands"
        ),
        (
            .unknownHelpTopic("lst", suggestion: "list"),
            "help: no command \"lst\"; did you mean list? type help to see the commands"
        ),
        (.emptyPath, "save: the file name is empty; usage: save FILE"),
        (
            .unknownCommand("\u{1B}[2J", suggestion: nil),
            "unknown command \"\\u{1B}[2J\"; type help to see the commands"
        ),
        (
            .wrongArguments(MoveCommand.reference, given: 1),
            "move: got 1 argument; usage: move FROM TO"
        ),
        (
            .wrongArguments(DeleteCommand.reference, given: 0),
            "delete: expected arguments, got none; usage: delete POSITION"
        ),
        (
            .wrongArguments(InsertCommand.reference, given: 4),
            "insert: got 4 arguments; usage: insert \"TITLE\" YEAR [POSITION]"
        ),
        (
            .wrongArguments(ListCommand.reference, given: 1),
            "list: got 1 argument; usage: list [--json]"
        ),
        (.wrongArguments(QuitCommand.reference, given: 2), "quit: got 2 arguments; usage: quit"),
        (
            .positionNotANumber("one", MoveCommand.positions),
            "move: position \"one\" is not a whole number; valid positions are 1–3"
        ),
        (
            .positionNotANumber("x", InsertCommand.positions),
            "insert: position \"x\" is not a whole number; valid positions are 1–4"
        ),
        (
            .positionTooLarge("99999999999999999999", DeleteCommand.positions),
            "delete: position 99999999999999999999 is out of range; valid positions are 1–3"
        ),
        (
            .notANumber("Runner", InsertCommand.years),
            "insert: year \"Runner\" is not a whole number; valid years are 1888–2100 (quote a title that has spaces: insert \"Blade Runner\" 1982)"
        ),
        (
            .numberTooLarge("99999999999999999999", InsertCommand.years),
            "insert: year 99999999999999999999 is out of range; valid years are 1888–2100"
        ),
        (
            .notANumber("four", RateCommand.stars),
            "rate: rating \"four\" is not a whole number; valid ratings are 1–5, or none"
        ),
        (
            .numberTooLarge("99999999999999999999", RateCommand.stars),
            "rate: rating 99999999999999999999 is out of range; valid ratings are 1–5, or none"
        ),
    ]

    @Test(arguments: parseErrors)
    func describesParseErrors(error: CommandError, message: String) {
        #expect(ErrorMessage.describe(error, count: 3) == message)
    }

    @Test func echoedWordsAreShortened() {
        let word = String(repeating: "x", count: 1_000_000)
        let message = ErrorMessage.describe(.unknownCommand(word, suggestion: nil), count: 3)
        #expect(
            message
                == "unknown command \"\(String(repeating: "x", count: 40))…\"; type help to see the commands"
        )
        let digits = String(repeating: "9", count: 100)
        #expect(
            ErrorMessage.describe(.positionTooLarge(digits, DeleteCommand.positions), count: 3)
                == "delete: position \(String(repeating: "9", count: 40))… is out of range; valid positions are 1–3"
        )
    }

    @Test(
        arguments: [
            (0, "delete: position \"x\" is not a whole number; the list is empty"),
            (1, "delete: position \"x\" is not a whole number; the only valid position is 1"),
            (nil, "delete: position \"x\" is not a whole number; the movies have not loaded yet"),
        ] as [(Int?, String)])
    func namesTheRangeForShortLists(count: Int?, message: String) {
        #expect(
            ErrorMessage.describe(.positionNotANumber("x", DeleteCommand.positions), count: count)
                == message)
    }

    static let editErrors: [(MoviesState.EditError, CommandReference, String)] = [
        (
            .indexOutOfRange(9, valid: 0..<3), MoveCommand.reference,
            "move: position 10 is out of range; valid positions are 1–3"
        ),
        (
            .indexOutOfRange(-1, valid: 0..<3), DeleteCommand.reference,
            "delete: position 0 is out of range; valid positions are 1–3"
        ),
        (
            .indexOutOfRange(0, valid: 0..<0), DeleteCommand.reference,
            "delete: position 1 is out of range; the list is empty"
        ),
        (
            .indexOutOfRange(5, valid: 0..<1), InsertCommand.reference,
            "insert: position 6 is out of range; the only valid position is 1"
        ),
        (
            .indexOutOfRange(Int.max, valid: 0..<3), MoveCommand.reference,
            "move: position \(Int.max) is out of range; valid positions are 1–3"
        ),
        (
            .emptyTitle, InsertCommand.reference,
            "insert: the title is empty; give one, in quotes if it has spaces"
        ),
        (
            .titleTooLong(maximum: 500), InsertCommand.reference,
            "insert: the title is too long; at most 500 Unicode code points"
        ),
        (
            .outOfRange(.year, 3000, valid: 1888...2100), InsertCommand.reference,
            "insert: year 3000 is out of range; valid years are 1888–2100"
        ),
        (
            .outOfRange(.rating, 6, valid: 1...5), RateCommand.reference,
            "rate: rating 6 is out of range; valid ratings are 1–5, or none"
        ),
        (
            .stillLoading, DeleteCommand.reference,
            "delete: the movies are still loading; try again when they have arrived"
        ),
        (.nothingToUndo, UndoCommand.reference, "undo: nothing to undo"),
        (
            .nothingToRedo, RedoCommand.reference,
            "redo: nothing to redo; a new edit after undo starts over"
        ),
        (.doesNotApply, UndoCommand.reference, "undo: the change does not fit the list"),
        (
            .noFreeID(valid: 1...999), InsertCommand.reference,
            "insert: no id is left for a new movie; ids go up to 999 and the list has used the last one"
        ),
    ]

    @Test(arguments: editErrors)
    func describesRejectedEdits(
        error: MoviesState.EditError, command: CommandReference, message: String
    ) {
        #expect(ErrorMessage.describe(error, command: command) == message)
    }

    @Test func anEchoedWordIsCutByScalarsNotCharacters() {
        // One character carrying a million combining marks: a cut by characters keeps all of it.
        let word = "e" + String(repeating: "\u{301}", count: 1_000_000)
        let message = ErrorMessage.describe(.unknownCommand(word, suggestion: nil), count: 3)
        #expect(
            message
                == "unknown command \"e\(String(repeating: "\u{301}", count: 39))…\"; type help to see the commands"
        )
    }

    @Test func linesThatAreNotTextAndStreamFailures() {
        #expect(
            ErrorMessage.lineTooLong(limit: 65_536)
                == "the line is longer than 65536 bytes (64 KiB); it was skipped")
        #expect(
            ErrorMessage.invalidUTF8(.init(offset: 4, value: 0xFF))
                == "the line is not valid UTF-8 (byte 5 is 0xFF); it was skipped")
        #expect(
            ErrorMessage.readFailure(EISDIR)
                == "movies: cannot read standard input: Is a directory")
        #expect(
            ErrorMessage.writeFailure(ENOSPC)
                == "movies: cannot write to standard output: No space left on device\n")
    }
}
