// A STAND-IN FOR UIKIT, not UIKit (see UIViewController.swift): the navigation item and its
// bar button, as far as the tutorial's controller uses them.

/// Stands in for UIKit's `UINavigationItem`.
@MainActor
public final class UINavigationItem {
    /// The button at the right of the navigation bar.
    public var rightBarButtonItem: UIBarButtonItem?

    init() {}
}

/// Stands in for UIKit's `UIBarButtonItem`.
@MainActor
public final class UIBarButtonItem {
    init() {}
}
