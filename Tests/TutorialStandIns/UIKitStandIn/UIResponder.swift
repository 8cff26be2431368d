// A STAND-IN FOR UIKIT, not UIKit (see UIViewController.swift): the root of UIKit's classes that
// take part in events, as in UIKit an NSObject on the main actor, so that a class built on it
// has UIKit's isolation and conformances here too.

import Foundation

/// Stands in for UIKit's `UIResponder`: an object that can take part in events.
@MainActor
open class UIResponder: NSObject {
    public override init() {
        super.init()
    }
}
