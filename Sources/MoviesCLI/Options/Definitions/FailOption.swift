// Role in the data flow: before anything runs. `--fail` makes the fake API fail every fetch, to
// see the app's failure path (status 2) without a network to pull out.

/// `--fail`: every fetch fails.
enum FailOption: Option {
    static let reference = OptionReference(name: "--fail", summary: "make every fetch fail")

    static func apply(_ value: OptionValue, to parsed: inout ParsedArguments) {
        parsed.options.failingFetches = Int.max
    }
}
