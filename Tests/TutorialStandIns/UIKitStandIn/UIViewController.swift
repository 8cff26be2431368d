// A STAND-IN FOR UIKIT, not UIKit: Linux has no UIKit, so the tutorial's table view controller
// and scene delegate compile here against this module, which declares the few UIKit names they
// use with UIKit's own labels, types, superclasses, conformances and isolation (every class is
// an NSObject on the main actor, as in UIKit), so that what fails in an app fails here. In an
// iOS app, `#if canImport(UIKit)` imports the real one instead. Stand-in only: what a test
// reads or does in UIKit's place (`lifecycle`, `UIWindowScene.connecting`) is marked so; the
// rest is UIKit's.

import Foundation

/// Stands in for UIKit's `UIViewController`: its lifecycle calls and its navigation item.
@MainActor
open class UIViewController: UIResponder {
    /// The screen's title, which a navigation bar shows.
    open var title: String?
    /// The bar button that switches the screen in and out of editing mode.
    public let editButtonItem = UIBarButtonItem()
    /// What the navigation bar shows while this screen is on top.
    public let navigationItem = UINavigationItem()
    /// Stand-in only: each lifecycle call that reached this class, so a test can check that a
    /// subclass called `super`.
    public private(set) var lifecycle: [String] = []
    private var isViewLoaded = false

    override init() {
        super.init()
    }

    public required init?(coder: NSCoder) {
        return nil
    }

    /// Loads the view if it is not loaded yet; UIKit then calls `viewDidLoad()` once.
    public func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        viewDidLoad()
    }

    /// Called once, after the view is loaded.
    open func viewDidLoad() {
        lifecycle.append("viewDidLoad()")
    }

    /// Called before the screen shows.
    open func viewWillAppear(_ animated: Bool) {
        lifecycle.append("viewWillAppear(\(animated))")
    }

    /// Called once the screen has gone.
    open func viewDidDisappear(_ animated: Bool) {
        lifecycle.append("viewDidDisappear(\(animated))")
    }
}
