// A STAND-IN FOR UIKIT, not UIKit (see UIViewController.swift): the navigation item and its
// bar button, as far as the tutorial's controller uses them.

import Foundation

/// Stands in for UIKit's `UINavigationItem`.
@MainActor
open class UINavigationItem: NSObject {
    /// The button at the right of the navigation bar.
    open var rightBarButtonItem: UIBarButtonItem?

    override init() {
        super.init()
    }
}

/// Stands in for UIKit's `UIBarButtonItem`.
@MainActor
open class UIBarButtonItem: NSObject {
    override init() {
        super.init()
    }
}
