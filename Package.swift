// swift-tools-version:6.0
//
// The app has three layers, one target each under Sources/, and data flows through them in one
// direction: `movies` (the executable) wires `MoviesCLI` (the terminal: input, views, the state
// file's I/O) to `MoviesCore` (state, reducers, Changes, the store and the fake API). Around them:
// the benchmark in Benchmarks/, the test support and the tests in Tests/. No dependencies: the
// Swift toolchain is all it needs.

import PackageDescription

/// Links with the toolchain's own `lld` on Linux, where SwiftPM's default is GNU gold.
///
/// Only a build-speed setting: linking the test bundle takes about a second instead of three and a
/// half, which is most of what an incremental rebuild costs (scripts/mutation-check rebuilds once
/// per mutation). Every Swift toolchain for Linux ships `ld.lld`; macOS keeps Apple's linker.
let fastLinker: [LinkerSetting] = [.unsafeFlags(["-use-ld=lld"], .when(platforms: [.linux]))]

let package = Package(
    name: "movies",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "movies", targets: ["movies"]),
        .library(name: "MoviesCore", targets: ["MoviesCore"]),
        .library(name: "MoviesCLI", targets: ["MoviesCLI"]),
    ],
    targets: [
        .target(
            name: "MoviesCore",
            // The bundled catalog lives in the top-level Resources/ folder so that it is easy to
            // find and edit. `.embedInCode` compiles its bytes into the binary
            // (`PackageResources.movies_json`), so a copied `movies` needs no resource bundle and
            // no build folder next to it.
            resources: [.embedInCode("../../Resources/movies.json")]
        ),
        .target(name: "MoviesCLI", dependencies: ["MoviesCore"]),
        .executableTarget(
            name: "movies",
            dependencies: ["MoviesCore", "MoviesCLI"],
            linkerSettings: fastLinker
        ),
        // The whole pattern in one standalone file, for a learner to read first: it imports
        // nothing from the targets above. `swift run movies-in-one-file` prints its session.
        .executableTarget(name: "movies-in-one-file", linkerSettings: fastLinker),
        // `swift run -c release movies-bench`: timings of the store, the view, the whole pipeline,
        // the load, undo, the state file, its restore and the screen view, each against a
        // baseline measured in the same run. Not a test: nothing asserts a time; CI only runs `--quick` once to prove it
        // still works. It depends on `movies` so that SwiftPM builds the binary it pipes a script
        // into.
        .executableTarget(
            name: "movies-bench",
            dependencies: ["movies", "MoviesCore", "MoviesCLI", "MoviesTestSupport"],
            path: "Benchmarks/movies-bench",
            linkerSettings: fastLinker
        ),
        // Seeded randomness, a Change mirror, a terminal-screen model, a source the test controls,
        // temporary folders and the TestStore harness, shared by the tests and the benchmark; the
        // app never links it.
        .target(name: "MoviesTestSupport", dependencies: ["MoviesCore"], path: "Tests/Support"),
        .testTarget(
            name: "MoviesTestSupportTests",
            dependencies: ["MoviesTestSupport"],
            linkerSettings: fastLinker
        ),
        .testTarget(
            name: "MoviesCoreTests",
            dependencies: ["MoviesCore", "MoviesTestSupport"],
            linkerSettings: fastLinker
        ),
        .testTarget(
            name: "MoviesCLITests",
            dependencies: ["MoviesCLI", "MoviesCore", "MoviesTestSupport"],
            linkerSettings: fastLinker
        ),
        // The one-file version's session: the exact Changes it emits and the lines it prints.
        .testTarget(
            name: "MoviesInOneFileTests",
            dependencies: ["movies-in-one-file"],
            linkerSettings: fastLinker
        ),
        // The DocC tutorial's bridge to UIKit: an adapter from Changes to table-view batch
        // updates, with its test (scripts/check-tutorial checks the page shows this very file).
        .testTarget(
            name: "TutorialTests",
            dependencies: ["MoviesCore", "MoviesTestSupport"],
            linkerSettings: fastLinker
        ),
        // Whole-app tests: they run the built `movies` binary (depending on it makes `swift test`
        // build it first) and drive the command layer in-process with generated hostile input.
        .testTarget(
            name: "moviesTests",
            dependencies: ["movies", "MoviesCLI", "MoviesCore", "MoviesTestSupport"],
            linkerSettings: fastLinker
        ),
    ],
    swiftLanguageModes: [.v6]
)
