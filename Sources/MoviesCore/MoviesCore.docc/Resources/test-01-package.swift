// swift-tools-version:6.0
// Package.swift: what `swift build` builds, and where it finds the files.
// `swift run` builds the app, Movies, from Sources/Movies and runs it.

import PackageDescription

let package = Package(
    name: "Movies",
    // The oldest systems the code runs on. The tutorial ends in an app for
    // them, whose SwiftUI screen needs iOS 17 and macOS 14.
    platforms: [.iOS(.v17), .macOS(.v14)],
    targets: [
        .executableTarget(name: "Movies"),
        // `swift test` builds the tests in Tests/MoviesTests and runs them.
        .testTarget(name: "MoviesTests", dependencies: ["Movies"]),
    ]
)
