// A STAND-IN FOR SWIFTUI, not SwiftUI (see View.swift): a stack of screens with a navigation bar,
// on which the top screen's title and toolbar show.

/// Stands in for SwiftUI's `NavigationStack`.
public struct NavigationStack<Data, Root: View>: View, PrimitiveView {
    let root: Root

    public var body: Never { neverCalled("NavigationStack") }

    var children: [any View] { [root] }
}

extension NavigationStack where Data == NavigationPath {
    /// A stack whose first screen is what `root` makes.
    public init(@ViewBuilder root: () -> Root) {
        self.root = root()
    }
}

/// Stands in for SwiftUI's `NavigationPath`: the screens pushed above the root (none here).
public struct NavigationPath {}
