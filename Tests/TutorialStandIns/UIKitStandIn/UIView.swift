// A STAND-IN FOR UIKIT, not UIKit (see UIViewController.swift): a rectangle on screen. It draws
// nothing here; it exists so that UIKit's views have UIKit's superclass.

/// Stands in for UIKit's `UIView`.
@MainActor
open class UIView: UIResponder {}
