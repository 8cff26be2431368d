// Role in the data flow: before anything runs. `-c 'COMMANDS'` gives the commands on the command
// line instead of standard input; the session splits them at `;` (`Tokenizer.commands(in:)`).

/// `-c 'COMMANDS'`: run these commands instead of reading standard input.
enum CommandsOption: Option {
    static let reference = OptionReference(
        name: "-c", argument: .required("'COMMANDS'"),
        summary: "run commands given here (separated by ;)", placement: .usageLine)

    static func apply(_ value: OptionValue, to parsed: inout ParsedArguments) throws(Options.Error)
    {
        parsed.options.commands = try value.text()
    }
}
