// Role in the data flow: before anything runs. `--help` answers with the usage text
// (`HelpText.usage`) and ends the reading of the arguments, whatever follows.

/// `--help`, `-h`: show the usage.
enum HelpOption: Option {
    static let reference = OptionReference(
        name: "--help", aliases: ["-h"], summary: "show this help", placement: .answer)

    static func apply(_ value: OptionValue, to parsed: inout ParsedArguments) {
        parsed.answer = .help
    }
}
