// Role in the data flow: static text. The command reference printed by `help`, the page `help
// COMMAND` prints, the usage lines quoted in error messages, and the `--help` text all come from
// here, built from `Command.Name`, so the names and aliases they show cannot drift apart.

import MoviesCore

/// The app's help and usage texts.
package enum HelpText {
    /// The prompt in front of what a person types, at any terminal: the line editor's input line
    /// and, at a `TERM=dumb` terminal, the plain prompt the streams write.
    static let prompt = "movies> "

    /// One usage line per command.
    static func usage(of name: Command.Name) -> String {
        switch name {
        case .list: return "list [--json]"
        case .move: return "move FROM TO"
        case .delete: return "delete POSITION"
        case .insert: return "insert \"TITLE\" YEAR [POSITION]"
        case .undo: return "undo"
        case .redo: return "redo"
        case .save: return "save FILE"
        case .refresh: return "refresh"
        case .help: return "help [COMMAND]"
        case .quit: return "quit"
        }
    }

    /// What a command does, in one line.
    static func summary(of name: Command.Name) -> String {
        switch name {
        case .list: return "show the list; --json: as one line of catalog JSON"
        case .move: return "move the movie at FROM so that it ends up at TO"
        case .delete: return "delete the movie at POSITION"
        case .insert: return "insert a movie at POSITION (default: the end)"
        case .undo: return "take back the last edit (a refresh too)"
        case .redo: return "bring back what undo took back"
        case .save: return "write the list to FILE as catalog JSON"
        case .refresh: return "fetch the list again (undo brings yours back)"
        case .help: return "show this reference, or one command's page"
        case .quit: return "leave (end of input does too)"
        }
    }

    /// More about a command, for `help COMMAND`.
    static func details(of name: Command.Name) -> [String] {
        switch name {
        case .list:
            return [
                "Rows are numbered from 1; those numbers are the positions other commands take.",
                "Example: list --json > movies.json (catalog schema: id, title, year)",
            ]
        case .move:
            return [
                "The other movies keep their order. Example: move 8 1"
            ]
        case .delete:
            return ["Example: delete 3 (undo brings it back)"]
        case .insert:
            return [
                "Titles with spaces go in quotes; years are "
                    + "\(validYearsText). Example: insert \"Blade Runner\" 1982 2"
            ]
        case .undo:
            return [
                "Undo takes back whole commands, newest first, up to the history limit "
                    + "(--history, default 1,000)."
            ]
        case .redo:
            return ["A new edit after undo starts over: what was undone can no longer be redone."]
        case .save:
            return [
                "The file is replaced atomically; --catalog FILE reads it back. "
                    + "Example: save ~/movies.json"
            ]
        case .refresh:
            return ["The fetched list replaces the one shown; undo puts yours back."]
        case .help:
            return ["Example: help insert"]
        case .quit:
            return ["Ctrl-D on an empty line at a terminal quits too."]
        }
    }

    /// The reference printed by the `help` command: every command with its aliases.
    package static var commands: String {
        var text = "Commands (positions are 1-based, as shown in the list):\n"
        for name in Command.Name.allCases {
            let left = "  " + usage(of: name)
            let padding = String(repeating: " ", count: max(1, 35 - left.count))
            let aliases = name.spellings.dropFirst()
            let also = aliases.isEmpty ? "" : " (also " + aliases.joined(separator: ", ") + ")"
            text += left + padding + summary(of: name) + also + "\n"
        }
        text += "Titles with spaces go in quotes; a backslash escapes the next character; # starts "
        text += "a comment.\nType help COMMAND for one command's page.\n"
        return text
    }

    /// The page printed by `help COMMAND`.
    package static func page(of name: Command.Name) -> String {
        var lines = ["usage: " + usage(of: name), summary(of: name)]
        let aliases = name.spellings.dropFirst()
        if !aliases.isEmpty {
            lines.append("aliases: " + aliases.joined(separator: ", "))
        }
        lines += details(of: name)
        return lines.joined(separator: "\n") + "\n"
    }

    static var validYearsText: String {
        "\(Movie.validYears.lowerBound)–\(Movie.validYears.upperBound)"
    }

    /// The text printed by `movies --help`, and to stderr after a bad option.
    package static let usage = """
        Usage: movies [options]
               movies -c 'COMMANDS'           run commands given here (separated by ;)
               movies --replay TRACE          check that a trace replays exactly
               movies --help | --version

        A movie list you edit with commands read from standard input, one per line
        (type help in the app for the commands).

        Options:
          --latency SECONDS   how long the fake API takes to answer (default 1, 0 allowed)
          --fail              make every fetch fail
          --fail-first N      make the first N fetches fail, then succeed
          --catalog FILE      serve this JSON catalog instead of the bundled one
          --state FILE        keep the list in FILE: restore it at start, save every edit
          --history N         how many edits undo remembers (default 1000; 0 turns it off)
          --trace[=FILE]      write one JSON line per action to FILE (default stderr)
          --quiet             print only what commands ask for (list, help) and errors
          --screen            keep the list on screen, repainting only what changes
                              (a terminal only)
          --help              show this help
          --version           show the version

        Exit status: 0 all commands succeeded; 1 a command was rejected (or a replay
        diverged); 2 the movies could not be loaded (or the state file could not be
        used); 64 bad option; 65 a malformed trace; 66 a trace that cannot be read;
        74 reading input or writing output failed; 130 interrupted (Ctrl-C); 141 the
        reader of the output went away (as with | head); 129, 143 ended by SIGHUP, SIGTERM.

        """
}
