// A STAND-IN FOR SWIFTUI, not SwiftUI (see View.swift): a scrolling list of rows.

/// Stands in for SwiftUI's `List`.
public struct List<SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    let content: Content

    public var body: Never { neverCalled("List") }

    var children: [any View] { [content] }
}

extension List where SelectionValue == Never {
    /// A list of the rows `content` makes, none of them selectable.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }
}
