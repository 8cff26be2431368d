// Role in the data flow: static text. The command reference printed by `help`, the page `help
// COMMAND` prints and the `--help` text are built here from what each command's definition says of
// itself (`CommandReference`, through `CommandList`) and from `ExitStatus`, so the names, aliases,
// usages and statuses they show cannot drift apart. Golden files in the tests hold the result.

import SystemBoundary

/// The app's help and usage texts.
package enum HelpText {
    /// The prompt in front of what a person types, at any terminal: the line editor's input line
    /// and, at a `TERM=dumb` terminal, the plain prompt the streams write.
    static let prompt = "movies> "

    /// The reference printed by the `help` command: every command with its aliases.
    package static var commands: String {
        var text = "Commands (positions are 1-based, as shown in the list):\n"
        for command in CommandList.all {
            let reference = command.reference
            let left = "  " + reference.usage
            let padding = String(repeating: " ", count: max(1, 35 - left.count))
            let aliases = reference.aliases
            let also = aliases.isEmpty ? "" : " (also " + aliases.joined(separator: ", ") + ")"
            text += left + padding + reference.summary + also + "\n"
        }
        text += "Titles with spaces go in quotes; a backslash escapes the next character; # starts "
        text += "a comment.\nType help COMMAND for one command's page.\n"
        return text
    }

    /// The page printed by `help COMMAND`.
    package static func page(of reference: CommandReference) -> String {
        var lines = ["usage: " + reference.usage, reference.summary]
        if !reference.aliases.isEmpty {
            lines.append("aliases: " + reference.aliases.joined(separator: ", "))
        }
        lines += reference.details
        return lines.joined(separator: "\n") + "\n"
    }

    /// The text printed by `movies --help`, and to stderr after a bad option.
    package static var usage: String {
        options + "\nExit status:\n" + exitStatuses
    }

    private static let options = """
        Usage: movies [options]
               movies -c 'COMMANDS'           run commands given here (separated by ;)
               movies --replay TRACE          check that a trace replays exactly
               movies --help | --version

        A movie list you edit with commands read from standard input, one per line
        (type help in the app for the commands).

        Options:
          --latency SECONDS   how long the fake API takes to answer (default 1; 0 too)
          --fail              make every fetch fail
          --fail-first N      make the first N fetches fail, then succeed
          --catalog FILE      serve this JSON catalog instead of the bundled one
          --state FILE        keep the list in FILE: restored at start, every edit saved
          --history N         how many edits undo remembers (default 1000; 0: no undo)
          --trace[=FILE]      write one JSON line per action to FILE (default stderr)
          --quiet             print only what commands ask for (list, help) and errors
          --screen            keep the list on screen, repainting only what changes
                              (a terminal that takes escape sequences only)
          --help              show this help
          --version           show the version

        """

    /// The longest line of `--help`, so it reads in an 80-column terminal.
    static let width = 78

    /// One line per exit status, its meaning wrapped under itself to `width` columns.
    private static var exitStatuses: String {
        ExitStatus.allCases.map { status in
            let number = "  \(status.rawValue)"
            let indent = number + String(repeating: " ", count: max(1, 7 - number.count))
            return wrap(
                status.meaning, first: indent, rest: String(repeating: " ", count: 7), width: width)
        }.joined()
    }

    /// `text` in lines of at most `width` columns, broken at spaces (a word longer than that
    /// has a line of its own); the first line starts with `first`, the others with `rest`.
    static func wrap(_ text: String, first: String, rest: String, width: Int) -> String {
        var lines: [String] = []
        var line = first
        var empty = true
        for word in text.split(separator: " ") {
            if !empty, line.count + 1 + word.count > width {
                lines.append(line)
                line = rest
                empty = true
            }
            line += (empty ? "" : " ") + word
            empty = false
        }
        lines.append(line)
        return lines.map { $0 + "\n" }.joined()
    }
}
