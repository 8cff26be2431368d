// A STAND-IN FOR SWIFTUI, not SwiftUI (see View.swift): a view's own state. SwiftUI keeps a
// `@State` value for as long as the view is on screen, however many times it makes the view's
// struct again; the stand-in keeps it in the struct, for as long as the struct and its copies
// are kept.

/// Stands in for SwiftUI's `DynamicProperty`: a property SwiftUI updates before it asks for a
/// view's `body`.
public protocol DynamicProperty {}

/// Stands in for SwiftUI's `State`.
///
/// Note what SwiftUI does with it: the initial value is made each time the view's struct is
/// (whenever the parent's `body` runs), and all but the first are dropped. So the initial value
/// must be cheap to make and do nothing on its own, such as subscribe to a store.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private let storage: Storage

    /// A state whose first value is `value`.
    public init(wrappedValue value: Value) {
        storage = Storage(value)
    }

    /// A state whose first value is `value`, for an initializer that sets `_name`.
    public init(initialValue value: Value) {
        storage = Storage(value)
    }

    /// The value now.
    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }

    /// Where the value lives between two evaluations of `body`.
    private final class Storage {
        var value: Value

        init(_ value: Value) {
            self.value = value
        }
    }
}
