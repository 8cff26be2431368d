// A STAND-IN FOR SWIFTUI, not SwiftUI (see View.swift): what a test asks of a view in place of
// looking at a screen. SwiftUI has none of this.

import Foundation

/// Stand-in only: what SwiftUI would show of a view, and the actions it would call.
@MainActor
public enum StandIn {
    /// The text of every `Text` in `view`, in order, each `ForEach` made over its data.
    public static func texts(in view: any View) -> [String] {
        if let text = view as? Text { return [text.content] }
        return parts(of: view).flatMap { texts(in: $0) }
    }

    /// The action `.onDelete` gave the first rows in `view` that have one.
    public static func deleteAction(in view: any View) -> ((IndexSet) -> Void)? {
        if let actions = view as? any EditActionsReading, let delete = actions.delete {
            return delete
        }
        return parts(of: view).lazy.compactMap { deleteAction(in: $0) }.first
    }

    /// The action `.onMove` gave the first rows in `view` that have one.
    public static func moveAction(in view: any View) -> ((IndexSet, Int) -> Void)? {
        if let actions = view as? any EditActionsReading, let move = actions.move {
            return move
        }
        return parts(of: view).lazy.compactMap { moveAction(in: $0) }.first
    }

    /// What `view` is made of: a primitive view's children, any other view's body.
    private static func parts(of view: any View) -> [any View] {
        if let primitive = view as? any PrimitiveView { return primitive.children }
        return [body(of: view)]
    }

    private static func body<V: View>(of view: V) -> any View {
        view.body
    }
}
