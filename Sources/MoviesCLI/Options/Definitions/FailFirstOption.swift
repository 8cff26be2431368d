// Role in the data flow: before anything runs. `--fail-first N` makes the fake API fail its first
// N fetches and then succeed, to see a refresh recover.

import SystemBoundary

/// `--fail-first N`: the first N fetches fail, later ones succeed.
enum FailFirstOption: Option {
    static let reference = OptionReference(
        name: "--fail-first", argument: .required("N"),
        summary: "make the first N fetches fail, then succeed")

    static func apply(_ value: OptionValue, to parsed: inout ParsedArguments) throws(Options.Error)
    {
        let text = try value.text()
        switch WholeNumber(text) {
        case .value(let count):
            parsed.options.failingFetches = count
        case .tooLarge:
            throw Options.Error(
                description: "\(value.name): \(TerminalText.excerpt(text)) is too large; at most "
                    + "\(Int.max) (use \(FailOption.reference.name) to fail every fetch)")
        case .notANumber:
            throw Options.Error(
                description: "\(value.name): \"\(TerminalText.excerpt(text))\" is not a whole "
                    + "number of fetches (0 or more)")
        }
    }
}
