// Role in the data flow: a side path, for people. What a command is called and how it is used is
// written once, in its definition, as a `CommandReference`; the help, the suggestions for a typo,
// the completion of a name and the usage quoted in an error message all read it from there.

/// A command's names and help text.
package struct CommandReference: Equatable, Sendable {
    /// The command's name: the first word of its usage, and what error messages start with.
    let name: String
    /// Other words for it (`rm` and `del` for `delete`), in the order help shows them.
    let aliases: [String]
    /// One line saying how to call it: `move FROM TO`.
    let usage: String
    /// What it does, in one line, for the reference `help` prints.
    let summary: String
    /// More about it, line by line, for the page `help COMMAND` prints.
    let details: [String]

    /// Every word that names the command, case-insensitively: its name first, then its aliases.
    var spellings: [String] { [name] + aliases }
}
