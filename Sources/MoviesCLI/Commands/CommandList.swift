// Role in the data flow: the first step after the tokenizer. The first word of a line names a
// command; this is the one list of commands, so it is where that name is looked up, and what the
// help reference, the suggestions for a typo and Tab's completion go through, in this order.
//
//   input line ─► Tokenizer ─► CommandList.parse ─► a Command (its type from this list)

/// Every command the app knows, and the parsing of a line into one of them.
package enum CommandList {
    /// Every command, in the order `help` lists them.
    ///
    /// The one list: a command in Definitions/ that is not here cannot be typed, and a test
    /// checks that every definition file is listed.
    static let all: [any Command.Type] = [
        ListCommand.self, FindCommand.self, MoveCommand.self, DeleteCommand.self,
        InsertCommand.self, RenameCommand.self, RateCommand.self, UndoCommand.self,
        RedoCommand.self, HistoryCommand.self, GotoCommand.self, SkipCommand.self,
        SaveCommand.self, RefreshCommand.self, HelpCommand.self, QuitCommand.self,
    ]

    /// Every spelling of every command, lowercased, to its command.
    private static let bySpelling: [String: any Command.Type] = {
        var table: [String: any Command.Type] = [:]
        for command in all {
            for spelling in command.reference.spellings {
                // The first command to claim a spelling keeps it; a test checks none is shared.
                if table[spelling] == nil { table[spelling] = command }
            }
        }
        return table
    }()

    /// The names of the commands, for Tab to complete a first word to.
    static var names: [String] { all.map { $0.reference.name } }

    /// The command `word` names (case-insensitively), if any.
    static func command(named word: String) -> (any Command.Type)? {
        bySpelling[word.lowercased()]
    }

    /// Parses one input line.
    ///
    /// - Returns: `nil` for a blank line or a comment, which is not an error (as in a shell).
    /// - Throws: `CommandError` saying what is wrong and what is valid.
    package static func parse(_ line: String) throws(CommandError) -> (any Command)? {
        let words: [String]
        do {
            words = try Tokenizer.words(in: line)
        } catch {
            throw .syntax(error)
        }
        guard let first = words.first else { return nil }
        guard let command = command(named: first) else {
            throw .unknownCommand(first, suggestion: Suggestion.nearest(to: first))
        }
        return try command.init(arguments: Array(words.dropFirst()))
    }
}
