// A STAND-IN FOR SWIFTUI, not SwiftUI (see View.swift): the modifiers the tutorial's views use
// (`.toolbar`, `.task`, `.id`, `.navigationTitle`), each a view around the view it modifies,
// with SwiftUI's signatures and isolation: they are `nonisolated`, as SwiftUI's are.

/// A view with a modifier: what a stand-in test can read of it.
///
/// A view by an extension, as SwiftUI's `ModifiedContent` is, so that the struct itself is not
/// on the main actor: a `nonisolated` modifier can make one.
public struct ModifiedView<Content: View> {
    let content: Content
    let modifier: ModifiedViewModifier
}

/// What the stand-in reads of a modified view, whatever its content's type.
protocol ModifierReading {
    var modifier: ModifiedViewModifier { get }
}

extension ModifiedView: ModifierReading {}

extension ModifiedView: View, PrimitiveView {
    public var body: Never { neverCalled("a modified view") }

    var children: [any View] {
        if case .toolbar(let items) = modifier { return [content, items] }
        return [content]
    }
}

extension View {
    /// Puts what `content` makes in the navigation bar, while this view is on screen.
    nonisolated public func toolbar<Content: View>(
        @ViewBuilder content: () -> Content
    ) -> some View {
        ModifiedView(content: self, modifier: .toolbar(content()))
    }

    /// Runs `action` when the view appears, and cancels it when the view goes away.
    nonisolated public func task(
        priority: TaskPriority = .userInitiated,
        _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View {
        ModifiedView(content: self, modifier: .task(priority: priority, action: action))
    }

    /// Gives the view an identity: when `id` changes, SwiftUI makes the view afresh, drawing
    /// all of it again from its data.
    nonisolated public func id<ID: Hashable>(_ id: ID) -> some View {
        ModifiedView(content: self, modifier: .identity(AnyHashable(id)))
    }

    /// The title the navigation bar shows while this view is on top.
    nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        ModifiedView(content: self, modifier: .title(String(title)))
    }
}

/// What a modifier adds to the view it modifies.
enum ModifiedViewModifier {
    /// Views for the navigation bar (`.toolbar`).
    case toolbar(any View)
    /// Work to run while the view is on screen (`.task`).
    case task(priority: TaskPriority, action: @isolated(any) () async -> Void)
    /// The view's identity: when it changes, the view is made afresh (`.id`).
    case identity(AnyHashable)
    /// The title the navigation bar shows (`.navigationTitle`).
    case title(String)
}
