// Role in the data flow: before anything runs. An `Option` is one command-line option, and each
// option is one type in Definitions/, its one home: how it is spelled, what follows it, its help,
// the options it refuses beside it (`reference`), and what it sets (`apply`). `OptionList` lists
// the types once, for the parser, `movies --help` and the test that holds docs/COMMANDS.md to them.
//
//   arguments ─► Options.parse ─► OptionList (by spelling) ─► an Option's apply ─► Options.Request

/// One command-line option: its spellings and help, and what it does to the options.
protocol Option: Sendable {
    /// The option's spellings, argument, help and refusals: what the parser, `--help` and the
    /// error messages say about it.
    static var reference: OptionReference { get }

    /// Records the option in `parsed`, given what followed its name on the command line.
    ///
    /// The parser has already read as much as `reference.argument` allows, so `value` is absent
    /// only when the option takes none, the command line ended, or (for an optional argument)
    /// the next argument was another option.
    ///
    /// - Throws: `Options.Error` saying what is wrong with the value and what is valid.
    static func apply(_ value: OptionValue, to parsed: inout ParsedArguments) throws(Options.Error)
}
