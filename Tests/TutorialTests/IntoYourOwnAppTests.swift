// IntoYourOwnAppTests.swift: the two ways into an app, opened as their
// frameworks open them. UIKit connects a scene to its delegate; SwiftUI makes
// the app and reads its scenes. Each test checks what the window shows.

// The stand-ins' readings are not UIKit's or SwiftUI's, so these tests run
// where neither is: on Linux, in CI.
#if !canImport(UIKit) && !canImport(SwiftUI)
    import MoviesCore
    import SwiftUIStandIn
    import Testing
    import UIKitStandIn

    @MainActor
    struct IntoYourOwnAppTests {
        /// UIKit opens the window: the delegate makes a key window whose root
        /// is a navigation stack with the store's table on top, and the first
        /// fetch starts.
        @Test func theSceneDelegateShowsTheStoresTable() throws {
            let delegate = SceneDelegate()
            _ = UIWindowScene.connecting(delegate)

            let window = try #require(delegate.window)
            #expect(window.isKeyWindow)
            let stack = try #require(
                window.rootViewController as? UINavigationController)
            let table = try #require(
                stack.topViewController as? MoviesTableViewController)
            #expect(table.title == "Movies")
            #expect(delegate.store.isLoading)
            delegate.store.cancelFetches()
        }

        /// SwiftUI makes the app, then each window from its `WindowGroup`:
        /// the store's list, titled, with its Edit button.
        @Test func theAppsWindowsShowTheStoresList() throws {
            let app = MoviesApp()

            let window = try #require(StandIn.content(of: app.body))
            #expect(StandIn.views(in: window).contains { $0 is MoviesList })
            #expect(StandIn.title(in: window) == "Movies")
            #expect(StandIn.views(in: window).contains { $0 is EditButton })
        }
    }
#endif
