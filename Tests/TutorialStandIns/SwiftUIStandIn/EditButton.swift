// A STAND-IN FOR SWIFTUI, not SwiftUI (see View.swift): the button that turns a list's edit mode
// on and off. SwiftUI has it on iOS (and visionOS), not on macOS, where a list is reordered by
// dragging, with no edit mode.

/// Stands in for SwiftUI's `EditButton`: in edit mode, the rows of a `ForEach` with `.onMove`
/// show a handle to drag them by, and those with `.onDelete` a delete button.
public struct EditButton: View, PrimitiveView {
    /// An Edit button, which reads Done while edit mode is on.
    public init() {}

    public var body: Never { neverCalled("EditButton") }

    var children: [any View] { [] }
}
