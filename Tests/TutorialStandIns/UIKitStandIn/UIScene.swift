// A STAND-IN FOR UIKIT, not UIKit (see UIViewController.swift): a scene (one window of an app,
// on iPad one of several), its session, and what it was opened with. UIKit makes these; a test
// makes them with `UIWindowScene.connecting(_:)` (stand-in only), as UIKit does when a window
// opens.

import Foundation

/// Stands in for UIKit's `UIScene`.
@MainActor
open class UIScene: UIResponder {
    /// Stands in for UIKit's `UIScene.ConnectionOptions`: what the scene was opened with (a URL,
    /// a user activity); nothing here.
    @MainActor
    open class ConnectionOptions: NSObject {}

    /// The object UIKit tells about the scene's life.
    open var delegate: (any UISceneDelegate)?

    override init() {
        super.init()
    }
}

/// Stands in for UIKit's `UIWindowScene`: a scene that shows windows.
@MainActor
open class UIWindowScene: UIScene {
    /// Stand-in only: opens a scene as UIKit does for a new window, and connects `delegate` to
    /// it, with a session and no options.
    public static func connecting(_ delegate: any UISceneDelegate) -> UIWindowScene {
        let scene = UIWindowScene()
        scene.delegate = delegate
        delegate.scene(scene, willConnectTo: UISceneSession(), options: ConnectionOptions())
        return scene
    }
}

/// Stands in for UIKit's `UISceneSession`: what UIKit keeps of a scene between its lives.
@MainActor
open class UISceneSession: NSObject {}
