// Role in the data flow: before anything runs. `--version` answers with the version
// (`MoviesApp.version`) and ends the reading of the arguments, whatever follows.

/// `--version`: show the version.
enum VersionOption: Option {
    static let reference = OptionReference(
        name: "--version", summary: "show the version", placement: .answer)

    static func apply(_ value: OptionValue, to parsed: inout ParsedArguments) {
        parsed.answer = .version
    }
}
