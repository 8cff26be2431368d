// A STAND-IN FOR SWIFTUI, not SwiftUI (see View.swift): a part of an app's user interface that
// the system shows, such as a group of windows.

/// Stands in for SwiftUI's `Scene`.
@MainActor
@preconcurrency
public protocol Scene {
    /// The type of the scene's content.
    associatedtype Body: Scene
    /// What the scene is, built from other scenes.
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
}

/// The body of a scene that has none: SwiftUI's own scenes (`WindowGroup`) are shown by SwiftUI
/// itself, and their `body` is never called.
extension Never: Scene {}

/// Stands in for SwiftUI's `SceneBuilder`: the result builder of an app's `body`.
///
/// Only the form the tutorial uses: a body of one scene.
@resultBuilder
public enum SceneBuilder {
    /// A block of one scene is that scene.
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content {
        content
    }
}
