// A STAND-IN FOR UIKIT, not UIKit (see UIViewController.swift): a stack of screens with a
// navigation bar, each screen's navigation item shown on the bar while it is on top.

import Foundation

/// Stands in for UIKit's `UINavigationController`.
@MainActor
open class UINavigationController: UIViewController {
    /// The screens on the stack, the top one last.
    open var viewControllers: [UIViewController]

    /// The screen on top: the one shown.
    open var topViewController: UIViewController? { viewControllers.last }

    /// A stack of one screen, `rootViewController`.
    public init(rootViewController: UIViewController) {
        viewControllers = [rootViewController]
        super.init()
    }

    public required init?(coder: NSCoder) {
        return nil
    }
}
