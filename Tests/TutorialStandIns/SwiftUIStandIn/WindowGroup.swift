// A STAND-IN FOR SWIFTUI, not SwiftUI (see View.swift): the app's windows, each showing the same
// content (on iPad and Mac, the user may open several).

/// Stands in for SwiftUI's `WindowGroup`.
public struct WindowGroup<Content: View>: Scene {
    /// What each window shows.
    let content: Content

    /// Windows that each show what `content` makes.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: Never { fatalError("WindowGroup is shown by SwiftUI, never asked its body") }
}

/// What the stand-in reads of a window group, whatever its content's type.
@MainActor
protocol WindowGroupReading {
    var windowContent: any View { get }
}

extension WindowGroup: WindowGroupReading {
    var windowContent: any View { content }
}
