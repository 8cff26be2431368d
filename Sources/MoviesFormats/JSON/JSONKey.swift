// Role in the data flow: where a schema names its keys. A movie's keys, a journal line's kinds and
// fields are each written once, as a case and its name; the writer writes that name and the reader
// matches it, so the two cannot spell a key differently.

/// The keys of an object the app writes and reads, each with its name as written.
protocol JSONKey: CaseIterable {
    /// The key as it appears in the JSON, without quotes.
    var name: StaticString { get }
}

extension JSONKey {
    /// The name as text, for a message or a comparison with a key that had escapes.
    var text: String { name.description }
}
