// Role in the data flow: a `Command` is a parsed, validated input line, and the only thing the
// command layer hands on. Parsing knows nothing about the list: whether a position exists is the
// store's business, checked by its reducers.
//
//   input line ─► Tokenizer ─► Command.parse ─► CommandRunner ─► MoviesViewModel

/// One user command.
///
/// Positions are 1-based, exactly as the user typed them.
package enum Command: Equatable, Sendable {
    /// Print the whole list, as rows or (`json`) as one line of catalog JSON.
    case list(json: Bool)
    /// Move the movie at position `from` to position `to`.
    case move(from: Int, to: Int)
    /// Delete the movie at a position.
    case delete(Int)
    /// Insert a movie; `position` `nil` means at the end.
    case insert(title: String, year: Int, position: Int?)
    /// Take back the newest edit.
    case undo
    /// Bring back the newest undone edit.
    case redo
    /// Write the list to a file, in the catalog's JSON schema.
    case save(path: String)
    /// Fetch the list again.
    case refresh
    /// Show the command reference, or (with a name) one command's page.
    case help(Name?)
    /// End the session.
    case quit

    /// A command's identity, independent of its arguments; used in messages and help.
    package enum Name: String, Equatable, Sendable, CaseIterable {
        case list, move, delete, insert, undo, redo, save, refresh, help, quit

        /// The words that name this command; the first is its canonical name.
        package var spellings: [String] {
            switch self {
            case .list: return ["list", "ls"]
            case .move: return ["move", "mv"]
            case .delete: return ["delete", "rm", "del"]
            case .insert: return ["insert", "add"]
            case .undo: return ["undo", "u"]
            case .redo: return ["redo"]
            case .save: return ["save"]
            case .refresh: return ["refresh", "reload"]
            case .help: return ["help", "?"]
            case .quit: return ["quit", "exit", "q"]
            }
        }

        /// The command `word` names (case-insensitively), if any.
        package init?(word: String) {
            let word = word.lowercased()
            guard let name = Self.allCases.first(where: { $0.spellings.contains(word) }) else {
                return nil
            }
            self = name
        }
    }

    /// Parses one input line.
    ///
    /// - Returns: `nil` for a blank line or a comment, which is not an error (as in a shell).
    /// - Throws: `CommandError` saying what is wrong and what is valid.
    package static func parse(_ line: String) throws(CommandError) -> Command? {
        let words: [String]
        do {
            words = try Tokenizer.words(in: line)
        } catch {
            throw .syntax(error)
        }
        guard let first = words.first else { return nil }
        guard let name = Name(word: first) else {
            throw .unknownCommand(first, suggestion: Suggestion.nearest(to: first))
        }
        return try parse(name, arguments: Array(words.dropFirst()))
    }

    private static func parse(_ name: Name, arguments: [String]) throws(CommandError) -> Command {
        func expect(_ counts: ClosedRange<Int>) throws(CommandError) {
            guard counts.contains(arguments.count) else {
                throw .wrongArguments(name, given: arguments.count)
            }
        }
        switch name {
        case .list:
            if arguments == ["--json"] { return .list(json: true) }
            try expect(0...0)
            return .list(json: false)
        case .move:
            try expect(2...2)
            return .move(
                from: try position(arguments[0], for: name),
                to: try position(arguments[1], for: name)
            )
        case .delete:
            try expect(1...1)
            return .delete(try position(arguments[0], for: name))
        case .insert:
            try expect(2...3)
            return .insert(
                title: arguments[0],
                year: try year(arguments[1]),
                position: arguments.count == 3 ? try position(arguments[2], for: name) : nil
            )
        case .undo:
            try expect(0...0)
            return .undo
        case .redo:
            try expect(0...0)
            return .redo
        case .save:
            try expect(1...1)
            guard !arguments[0].isEmpty else { throw .emptyPath }
            return .save(path: arguments[0])
        case .refresh:
            try expect(0...0)
            return .refresh
        case .help:
            try expect(0...1)
            guard let topic = arguments.first else { return .help(nil) }
            guard let named = Name(word: topic) else {
                throw .unknownHelpTopic(topic, suggestion: Suggestion.nearest(to: topic))
            }
            return .help(named)
        case .quit:
            try expect(0...0)
            return .quit
        }
    }

    /// A 1-based position: ASCII digits only, so `-1`, `+3`, `1e3` and `0x1` are not positions.
    ///
    /// Whether the position exists is for the store to say; a number too large for `Int` cannot
    /// exist in any list, so it is reported here, as out of range.
    private static func position(_ word: String, for command: Name) throws(CommandError) -> Int {
        guard isDigits(word) else { throw .positionNotANumber(word, command: command) }
        guard let value = Int(word) else { throw .positionTooLarge(word, command: command) }
        return value
    }

    /// A year: ASCII digits only; the range is checked by the store, except for numbers too large
    /// for `Int`.
    private static func year(_ word: String) throws(CommandError) -> Int {
        guard isDigits(word) else { throw .yearNotANumber(word) }
        guard let value = Int(word) else { throw .yearTooLarge(word) }
        return value
    }

    private static func isDigits(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
