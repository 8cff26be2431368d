// A STAND-IN FOR SWIFTUI, not SwiftUI (see View.swift): rows made from a collection, which the
// user can delete and move when the view says what to do then.

import Foundation

/// Stands in for SwiftUI's `DynamicViewContent`: views made from a collection (`ForEach`).
@MainActor
@preconcurrency
public protocol DynamicViewContent: View {
    /// The collection the views are made from.
    associatedtype Data: Collection
    /// The collection the views are made from.
    var data: Data { get }
}

extension DynamicViewContent {
    /// Lets the user delete rows (swipe, or Edit): SwiftUI calls `action` with their offsets.
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> some DynamicViewContent {
        EditActions(content: self, delete: action, move: moveAction)
    }

    /// Lets the user drag rows: SwiftUI calls `action` with the offsets dragged and the offset
    /// they were dropped at, counted in the collection before they are removed from it.
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> some DynamicViewContent {
        EditActions(content: self, delete: deleteAction, move: action)
    }

    /// The delete action given to this content so far, if any.
    var deleteAction: ((IndexSet) -> Void)? { (self as? any EditActionsReading)?.delete }
    /// The move action given to this content so far, if any.
    var moveAction: ((IndexSet, Int) -> Void)? { (self as? any EditActionsReading)?.move }
}

/// Content with the actions `.onDelete` and `.onMove` gave it.
struct EditActions<Content: DynamicViewContent>: DynamicViewContent, PrimitiveView,
    EditActionsReading
{
    let content: Content
    let delete: ((IndexSet) -> Void)?
    let move: ((IndexSet, Int) -> Void)?

    var data: Content.Data { content.data }

    var body: Never { neverCalled("the content of .onDelete and .onMove") }

    var children: [any View] { [content] }
}

/// What the stand-in reads of content with edit actions, whatever its type.
@MainActor
protocol EditActionsReading {
    var delete: ((IndexSet) -> Void)? { get }
    var move: ((IndexSet, Int) -> Void)? { get }
}
