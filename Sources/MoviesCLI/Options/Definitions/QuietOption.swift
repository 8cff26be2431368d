// Role in the data flow: before anything runs. `--quiet` keeps the output to what commands ask
// for, so that a script reading the pipe sees nothing else.

/// `--quiet`: print only what commands ask for, and errors.
enum QuietOption: Option {
    static let reference = OptionReference(
        name: "--quiet", summary: "print only what commands ask for (list, help) and errors")

    static func apply(_ value: OptionValue, to parsed: inout ParsedArguments) {
        parsed.options.quiet = true
    }
}
