// A STAND-IN FOR SWIFTUI, not SwiftUI: Linux has no SwiftUI, so the tutorial's SwiftUI view
// compiles here against this module, which declares the few SwiftUI names it uses (`View`,
// `List`, `ForEach`, `Text`, `.onDelete`, `.onMove`) with SwiftUI's own labels and types. It
// draws nothing: a test reads what a view would show and calls the actions SwiftUI would call
// (`StandIn`, stand-in only). In an app, `#if canImport(SwiftUI)` imports the real one instead.

/// Stands in for SwiftUI's `View`: a piece of a screen, described by its `body`.
@MainActor
@preconcurrency
public protocol View {
    /// The type of the view's content.
    associatedtype Body: View
    /// What the view shows, built from other views.
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

/// The body of a view that has none: SwiftUI's primitive views (`Text`, `List`) are drawn by
/// SwiftUI itself, and their `body` is never called.
extension Never: View {
    public var body: Never { self }
}

/// Stands in for SwiftUI's `ViewBuilder`: the result builder of `body` and of view closures.
///
/// Only the form the tutorial uses: a closure of one view.
@resultBuilder
public enum ViewBuilder {
    /// A block of one view is that view.
    public static func buildBlock<Content: View>(_ content: Content) -> Content {
        content
    }
}

/// A view SwiftUI draws itself, and what a stand-in test can read of it.
@MainActor
protocol PrimitiveView {
    /// The views inside it, in order, as SwiftUI would lay them out.
    var children: [any View] { get }
}

extension PrimitiveView {
    /// The `body` of a primitive view is never called; SwiftUI's traps as this does.
    func neverCalled(_ name: String) -> Never {
        fatalError("\(name) is a primitive view: SwiftUI draws it, and never asks its body")
    }
}
