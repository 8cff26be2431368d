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

    /// Every view in `view`, `view` first, in order: each primitive view's children (a
    /// toolbar's views among them) and every other view's body.
    public static func views(in view: any View) -> [any View] {
        [view] + parts(of: view).flatMap { views(in: $0) }
    }

    /// Starts the work `.task` gave the views in `view`, as SwiftUI does when they appear.
    ///
    /// Cancelling a returned task is what SwiftUI does when its view goes away.
    public static func startTasks(in view: any View) -> [Task<Void, Never>] {
        views(in: view).compactMap { view in
            guard let modified = view as? any ModifierReading,
                case .task(let priority, let action) = modified.modifier
            else { return nil }
            return Task(priority: priority) { @MainActor in await action() }
        }
    }

    /// The identity `.id` gave the first view in `view` that has one: when it changes, SwiftUI
    /// makes that view afresh.
    public static func identity(in view: any View) -> AnyHashable? {
        firstModifier(in: view) { if case .identity(let id) = $0 { id } else { nil } }
    }

    /// The title `.navigationTitle` gave the first view in `view` that has one.
    public static func title(in view: any View) -> String? {
        firstModifier(in: view) { if case .title(let title) = $0 { title } else { nil } }
    }

    /// What `pick` reads of the first modifier in `view` it reads anything of.
    private static func firstModifier<Value>(
        in view: any View, _ pick: (ModifiedViewModifier) -> Value?
    ) -> Value? {
        for view in views(in: view) {
            if let modified = view as? any ModifierReading, let value = pick(modified.modifier) {
                return value
            }
        }
        return nil
    }

    /// What each window of `scene` shows, for a `WindowGroup`.
    public static func content(of scene: any Scene) -> (any View)? {
        (scene as? any WindowGroupReading)?.windowContent
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
