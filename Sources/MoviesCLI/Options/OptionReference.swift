// Role in the data flow: a side path, for people. What an option is called, what follows it and
// what it is for is written once, in its definition, as an `OptionReference`; the parser reads the
// spellings and the argument from there, `movies --help` the rest, and the docs check the forms.

/// An option's spellings, argument and help text, and the options it refuses beside it.
struct OptionReference: Sendable {
    /// What follows an option's name on the command line.
    enum Argument: Equatable, Sendable {
        /// Nothing: `--quiet`. A value attached with `=` is an error.
        case none
        /// A value, always: the text after `=`, or else the next argument, whatever it is
        /// (`--latency=2`, `--latency 2`). The name is what help calls the value.
        case required(String)
        /// A value when one is attached with `=`, or when the next argument does not start
        /// with `-`: `--trace`, `--trace FILE`, `--trace=FILE`.
        case optional(String)
    }

    /// Where `movies --help` shows an option.
    enum Placement: Equatable, Sendable {
        /// In the list under "Options:".
        case listed
        /// On a usage line of its own, with its summary: another way to run the app.
        case usageLine
        /// In the list, and named on the last usage line: it answers by itself, whatever else
        /// is given, and ends the reading of the arguments.
        case answer
    }

    /// The option's name, as `--help` and the error messages spell it: `--latency`.
    let name: String
    /// Other spellings of it (`-h` for `--help`), shown before the name.
    let aliases: [String]
    /// What follows the option's name.
    let argument: Argument
    /// What it does, one line of `--help` each.
    let summary: [String]
    /// Where `--help` shows it.
    let placement: Placement
    /// The options it may not be given with, if any, and why.
    let conflict: OptionConflict?

    init(
        name: String, aliases: [String] = [], argument: Argument = .none, summary: String...,
        placement: Placement = .listed, refuses conflict: OptionConflict? = nil
    ) {
        self.name = name
        self.aliases = aliases
        self.argument = argument
        self.summary = summary
        self.placement = placement
        self.conflict = conflict
    }

    /// Every word that names the option: its aliases, then its name.
    var spellings: [String] { aliases + [name] }

    /// Each spelling with its argument, as `--help` and docs/COMMANDS.md write them:
    /// `--latency SECONDS`, `--trace[=FILE]`, `-h`.
    var forms: [String] {
        let argument =
            switch argument {
            case .none: ""
            case .required(let value): " " + value
            case .optional(let value): "[=" + value + "]"
            }
        return spellings.map { $0 + argument }
    }

    /// The forms on one line, as `--help` starts the option's row: `-h, --help`.
    var usage: String { forms.joined(separator: ", ") }
}
