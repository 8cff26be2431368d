// A STAND-IN FOR SWIFTUI, not SwiftUI (see View.swift): a line of text.

/// Stands in for SwiftUI's `Text`.
public struct Text: View, PrimitiveView {
    /// What it shows.
    let content: String

    /// Text showing `content` as it is.
    public init(verbatim content: String) {
        self.content = content
    }

    /// Text showing `content`, a string that is data, not a key to translate.
    public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
    }

    public var body: Never { neverCalled("Text") }

    var children: [any View] { [] }
}
