// Role in the data flow: before anything runs. `--catalog FILE` names the JSON catalog the fake
// API serves instead of the bundled one; the file is read when the first fetch runs.

/// `--catalog FILE`: serve this JSON catalog instead of the bundled one.
enum CatalogOption: Option {
    static let reference = OptionReference(
        name: "--catalog", argument: .required("FILE"),
        summary: "serve this JSON catalog instead of the bundled one")

    static func apply(_ value: OptionValue, to parsed: inout ParsedArguments) throws(Options.Error)
    {
        parsed.options.catalogPath = try value.path()
    }
}
