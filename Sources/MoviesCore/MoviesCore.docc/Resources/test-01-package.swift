// swift-tools-version:6.0
// Package.swift: what `swift build` builds, and where it finds the files.
// `swift run` builds the app, Movies, from Sources/Movies and runs it.

import PackageDescription

let package = Package(
    name: "Movies",
    platforms: [.macOS(.v13)],
    targets: [
        .executableTarget(name: "Movies"),
        // `swift test` builds the tests in Tests/MoviesTests and runs them.
        .testTarget(name: "MoviesTests", dependencies: ["Movies"]),
    ]
)
