// A STAND-IN FOR SWIFTUI, not SwiftUI (see View.swift): an app, described by its scenes.

/// Stands in for SwiftUI's `App`: the type `@main` marks, whose `body` makes the app's windows.
@MainActor
@preconcurrency
public protocol App {
    /// The type of the app's scenes.
    associatedtype Body: Scene
    /// The app's scenes: its windows.
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
    /// The app, made once when it starts.
    @MainActor @preconcurrency init()
}

extension App {
    /// The program's entry point, which `@main` calls.
    ///
    /// SwiftUI's runs the app. Only SwiftUI can, so the stand-in's stops here; the tests read an
    /// app's `body` instead.
    @MainActor @preconcurrency public static func main() {
        fatalError("SwiftUIStandIn cannot run an app: only SwiftUI can")
    }
}
