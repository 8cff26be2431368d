// A STAND-IN FOR UIKIT, not UIKit (see UIViewController.swift): the window a scene shows, and
// the view controller at its root.

/// Stands in for UIKit's `UIWindow`.
@MainActor
open class UIWindow: UIView {
    /// The scene the window belongs to.
    public private(set) weak var windowScene: UIWindowScene?
    /// The view controller whose view fills the window.
    open var rootViewController: UIViewController?
    /// Whether the window is the one that takes the keyboard, shown.
    public private(set) var isKeyWindow = false

    /// A window of `windowScene`.
    public init(windowScene: UIWindowScene) {
        self.windowScene = windowScene
        super.init()
    }

    /// Shows the window and makes it the key window.
    open func makeKeyAndVisible() {
        isKeyWindow = true
    }
}
