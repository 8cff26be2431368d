// A STAND-IN FOR UIKIT, not UIKit (see UIViewController.swift): what UIKit tells a scene's
// delegate. UIKit's requirements are optional (Objective-C's); here each has a default that does
// nothing, which is what an absent optional method does.

import Foundation

/// Stands in for UIKit's `UISceneDelegate`.
@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
    /// The scene is about to show: make its window.
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions)
}

extension UISceneDelegate {
    public func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {}
}

/// Stands in for UIKit's `UIWindowSceneDelegate`: the delegate of a scene that shows a window.
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// The window the delegate made for the scene.
    var window: UIWindow? { get set }
}
