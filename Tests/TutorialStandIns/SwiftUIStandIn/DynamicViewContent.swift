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
    ///
    /// SwiftUI has already taken the rows off the screen when it calls `action`, which must
    /// delete them from the data.
    nonisolated public func onDelete(
        perform action: ((IndexSet) -> Void)?
    ) -> some DynamicViewContent {
        EditActions(content: self, delete: action, move: moveAction)
    }

    /// Lets the user drag rows: SwiftUI calls `action` with the offsets dragged and the offset
    /// they were dropped at, counted in the collection before they are removed from it.
    nonisolated public func onMove(
        perform action: ((IndexSet, Int) -> Void)?
    ) -> some DynamicViewContent {
        EditActions(content: self, delete: deleteAction, move: action)
    }

    /// The delete action given to this content so far, if any.
    nonisolated var deleteAction: ((IndexSet) -> Void)? {
        (self as? any EditActionsReading)?.delete
    }
    /// The move action given to this content so far, if any.
    nonisolated var moveAction: ((IndexSet, Int) -> Void)? {
        (self as? any EditActionsReading)?.move
    }
}

/// Content with the actions `.onDelete` and `.onMove` gave it.
///
/// Views by an extension, so that a `nonisolated` modifier can make one (see ModifiedView).
struct EditActions<Content: DynamicViewContent> {
    let content: Content
    let delete: ((IndexSet) -> Void)?
    let move: ((IndexSet, Int) -> Void)?
}

extension EditActions: DynamicViewContent, PrimitiveView, EditActionsReading {
    var data: Content.Data { content.data }

    var body: Never { neverCalled("the content of .onDelete and .onMove") }

    var children: [any View] { [content] }
}

/// What the stand-in reads of content with edit actions, whatever its type.
protocol EditActionsReading {
    var delete: ((IndexSet) -> Void)? { get }
    var move: ((IndexSet, Int) -> Void)? { get }
}
