// A STAND-IN FOR SWIFTUI, not SwiftUI (see View.swift): one view for each element of a
// collection, told apart by the elements' identity.

/// Stands in for SwiftUI's `ForEach`.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View,
    PrimitiveView
{
    /// The elements, one row each.
    public let data: Data
    let content: (Data.Element) -> Content

    public var body: Never { neverCalled("ForEach") }

    var children: [any View] { data.map(content) }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// A view for each element of `data`, made by `content`; rows are told apart by `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension ForEach: DynamicViewContent {}
