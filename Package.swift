// swift-tools-version:6.0
//
// This file is the map of the architecture. Each target is one room, and its `dependencies` are
// the only doors out of it; data flows through them in one direction (README, "The house"):
//
//   movies (main.swift: wiring only; SIGQUIT held until main) ─► MoviesCLI, and what it wires
//     └─► MoviesCLI: the app: commands, the input loop, options, durability wiring
//           ├─► MoviesViews: the line view, the screen view, the status line ─► MoviesCore, TerminalIO
//           ├─► MoviesFormats: catalog, bundled catalog, state file, trace, atomic writes ─► MoviesCore
//           ├─► TerminalIO: raw mode, signals, keys, the line editor, display width, streams
//           └─► MoviesCore: the lesson: state, reducers, Changes, the store, the fake API
//   SystemBoundary, under the app, the views, the formats and the terminal: libc calls retried
//   once, errno's words, file names as bytes (FileName), file identity, UTF-8 validation and the
//   escaping of untrusted text; it knows no movie.
//
// MoviesCore has no dependencies at all, not even Foundation: the architecture is plain Swift.
// Around the app: the benchmark in Benchmarks/, the test support and one test target per module in
// Tests/. No packages: the Swift toolchain is all it needs.

import PackageDescription

/// Links with the toolchain's own `lld` on Linux, where SwiftPM's default is GNU gold.
///
/// Only a build-speed setting: linking the test bundle takes about a second instead of three and a
/// half, which is most of what an incremental rebuild costs (scripts/mutation-check rebuilds once
/// per mutation). Every Swift toolchain for Linux ships `ld.lld`; macOS keeps Apple's linker.
let fastLinker: [LinkerSetting] = [.unsafeFlags(["-use-ld=lld"], .when(platforms: [.linux]))]

let package = Package(
    name: "movies",
    // What the lesson needs, so that an app can take MoviesCore as it is: the core needs iOS 16
    // and macOS 13 (`Duration`, `ContinuousClock`), and the tutorial's SwiftUI model, which is
    // `@Observable`, iOS 17 and macOS 14.
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .executable(name: "movies", targets: ["movies"]),
        // The lesson, for a learner who wants to build on the store in a package of their own.
        .library(name: "MoviesCore", targets: ["MoviesCore"]),
    ],
    targets: [
        // The lesson: Movie, FetchStatus, MoviesState and its reducers, Change, EditError, the
        // store (MoviesViewModel, Action, Root, Record, Subscription), the middleware protocol,
        // UndoHistory, the derived list (FilteredList and its Change), MoviesAPI and
        // FakeMoviesAPI. Speed-only helpers sit in Internal/.
        .target(name: "MoviesCore"),

        // The process's edge with the system, shared by the rooms above it so that none of them
        // repeats it: every libc call that can fail (retried, its errno read at once, a typed error
        // naming the call), one writer of whole buffers, errno's words, a file's name as its
        // bytes, a file's identity, the exit statuses, untrusted bytes made text (UTF-8 checked)
        // and text made safe to show (escaped).
        .target(name: "SystemBoundary"),

        // Formats and files: what is read from and written to disk, and nothing of the terminal.
        // `.embedInCode` compiles Resources/movies.json into the binary
        // (`PackageResources.movies_json`), so a copied `movies` needs no resource bundle.
        .target(
            name: "MoviesFormats",
            dependencies: ["MoviesCore", "SystemBoundary"],
            resources: [.embedInCode("../../Resources/movies.json")]
        ),

        // The terminal and the process's streams: raw mode, signals, keys, the line editor,
        // display width, reading input, writing output. It knows nothing about movies.
        .target(name: "TerminalIO", dependencies: ["SystemBoundary"]),

        // The views: they subscribe to the store's Changes and draw them. Never a file, the
        // journal or the session.
        .target(name: "MoviesViews", dependencies: ["MoviesCore", "TerminalIO", "SystemBoundary"]),

        // The app: commands, the input loop, options, durability and replay wiring.
        .target(
            name: "MoviesCLI",
            dependencies: [
                "MoviesCore", "MoviesFormats", "MoviesViews", "TerminalIO", "SystemBoundary",
            ]
        ),
        .executableTarget(
            name: "movies",
            dependencies: ["MoviesCLI", "MoviesCore", "MoviesFormats", "TerminalIO"],
            linkerSettings: fastLinker
        ),
        // The whole pattern in one standalone file, for a learner to read first: it imports
        // nothing from the targets above. `swift run movies-in-one-file` prints its session.
        .executableTarget(name: "movies-in-one-file", linkerSettings: fastLinker),
        // `swift run -c release movies-bench`: timings of the store, the view, the whole pipeline,
        // the load, undo, the state file, its restore, the screen view and find, each against a
        // baseline measured in the same run. Not a test: nothing asserts a time; CI only runs
        // `--quick` once to prove it still works. It depends on `movies` so that SwiftPM builds
        // the binary it pipes a script into.
        .executableTarget(
            name: "movies-bench",
            dependencies: [
                "movies", "MoviesCore", "MoviesFormats", "MoviesViews", "TerminalIO", "MoviesCLI",
                "SystemBoundary", "MoviesTestSupport",
            ],
            path: "Benchmarks/movies-bench",
            linkerSettings: fastLinker
        ),

        // Seeded randomness, a Change mirror, a terminal-screen model, sources and outputs the
        // test controls, temporary folders and the TestStore harness, shared by the tests and the
        // benchmark; the app never links it.
        .target(
            name: "MoviesTestSupport",
            dependencies: ["MoviesCore", "MoviesFormats", "TerminalIO", "SystemBoundary"],
            path: "Tests/Support"
        ),
        .testTarget(
            name: "MoviesTestSupportTests",
            dependencies: ["MoviesTestSupport"],
            linkerSettings: fastLinker
        ),
        // One test target per module, mirroring Sources/. MoviesCoreTests is the Change-emission
        // suite a learner runs: `swift test --filter MoviesCoreTests`.
        .testTarget(
            name: "MoviesCoreTests",
            dependencies: ["MoviesCore", "MoviesTestSupport"],
            linkerSettings: fastLinker
        ),
        .testTarget(
            name: "SystemBoundaryTests",
            dependencies: ["SystemBoundary", "MoviesTestSupport"],
            linkerSettings: fastLinker
        ),
        .testTarget(
            name: "MoviesFormatsTests",
            dependencies: ["MoviesFormats", "MoviesCore", "SystemBoundary", "MoviesTestSupport"],
            linkerSettings: fastLinker
        ),
        .testTarget(
            name: "TerminalIOTests",
            dependencies: ["TerminalIO", "SystemBoundary", "MoviesTestSupport"],
            linkerSettings: fastLinker
        ),
        .testTarget(
            name: "MoviesViewsTests",
            dependencies: ["MoviesViews", "MoviesCore", "TerminalIO", "MoviesTestSupport"],
            linkerSettings: fastLinker
        ),
        // Golden/ holds the help texts as a user sees them, read by the tests by path.
        .testTarget(
            name: "MoviesCLITests",
            dependencies: [
                "MoviesCLI", "MoviesCore", "MoviesFormats", "MoviesViews", "TerminalIO",
                "SystemBoundary", "MoviesTestSupport",
            ],
            exclude: ["Golden"],
            linkerSettings: fastLinker
        ),
        // The one-file version's session: the exact Changes it emits and the lines it prints.
        .testTarget(
            name: "MoviesInOneFileTests",
            dependencies: ["movies-in-one-file"],
            linkerSettings: fastLinker
        ),
        // The DocC tutorial's files that use the real core: its UIKit and SwiftUI bridges, its
        // middleware and test-store examples, with their tests (scripts/check-tutorial checks that
        // the pages show these very files). On Linux the bridges import the stand-ins below.
        .testTarget(
            name: "TutorialTests",
            dependencies: ["MoviesCore", "MoviesTestSupport", "UIKitStandIn", "SwiftUIStandIn"],
            linkerSettings: fastLinker
        ),
        // Stand-ins, not the real frameworks: Linux has neither UIKit nor SwiftUI, so the
        // tutorial's bridges compile here against these, which declare only the names the bridges
        // use, with the frameworks' own labels and types, and record what they are told for the
        // tests. In an app, `#if canImport(UIKit)` / `canImport(SwiftUI)` picks the real one.
        .target(name: "UIKitStandIn", path: "Tests/TutorialStandIns/UIKitStandIn"),
        .target(name: "SwiftUIStandIn", path: "Tests/TutorialStandIns/SwiftUIStandIn"),
        // The benchmark's own logic, not its timings: its options and the page it writes
        // (docs/PERFORMANCE.md), rendered from a fixed report.
        .testTarget(
            name: "MoviesBenchTests",
            dependencies: ["movies-bench"],
            linkerSettings: fastLinker
        ),
        // Whole-app tests: they run the built `movies` binary (depending on it makes `swift test`
        // build it first) and drive the command layer in-process with generated hostile input.
        .testTarget(
            name: "moviesTests",
            dependencies: [
                "movies", "MoviesCLI", "MoviesCore", "MoviesFormats", "MoviesViews", "TerminalIO",
                "SystemBoundary", "MoviesTestSupport",
            ],
            linkerSettings: fastLinker
        ),
    ],
    swiftLanguageModes: [.v6]
)
