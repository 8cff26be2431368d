// Role in the data flow: static text. The command reference printed by `help` and the page `help
// COMMAND` prints are built here from what each command's definition says of itself
// (`CommandReference`, through `CommandList`), so the names, aliases and usages they show cannot
// drift apart; `movies --help` is built beside the options (HelpText+Usage.swift). Golden files in
// the tests hold the result.

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
}
