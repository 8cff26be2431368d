// SIGTERM, SIGHUP and SIGQUIT end a session on pipes the way Ctrl-C does: at once, even in the
// middle of a slow fetch, by the app's own exit with 128 + the signal (what a shell shows), nothing
// printed after, and nothing of the Swift runtime's crash reporter (which claims SIGQUIT at
// startup). At a terminal the same signals also restore the terminal (see the terminal tests, and
// Ctrl-\ at a `TERM=dumb` terminal below).

import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Ending by a signal")
struct SignalExitTests {
    @Test(.hangGuard, arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT])
    func aSignalEndsASlowSessionWith128PlusTheSignal(signal: Int32) async throws {
        let process = try MoviesProcess(["--latency", "3600"])
        #expect(await process.waitForOutput(containing: "Loading movies…\n"))
        process.send(signal: signal)
        let run = await process.waitForExit()
        #expect(!run.signalled, "the app exits by itself rather than dying by the signal")
        #expect(run.status == 128 + signal)
        #expect(run.stdout == "Loading movies…\n")
        #expect(run.stderr.isEmpty)
        #expect(!run.stderr.contains("crashed"), "no crash report from the runtime")
    }

    @Test(.hangGuard)
    func ctrlBackslashAtADumbTerminalEndsTheAppWith131AndPutsTheTerminalBack() async throws {
        guard let binary = MoviesProcess.binary else { throw MoviesProcess.BinaryNotFound() }
        let app = try TerminalProcess(
            executable: binary.path, arguments: ["--latency", "0"], environment: ["TERM": "dumb"],
            rows: 40, columns: 80)
        try await app.waitUntil("the loaded list") { screen in
            screen.lines.contains { $0.hasPrefix("Loaded 30 movies.") }
        }
        // Ctrl-\: the terminal's driver (cooked mode, as at a dumb terminal) sends SIGQUIT.
        app.send("\u{1C}")
        try await app.expectExit(.exited(128 + SIGQUIT))
        let shown = String(decoding: app.transcript, as: UTF8.self).lowercased()
        #expect(!shown.contains("crash"), "no crash banner from the runtime")
        #expect(!shown.contains("press space"), "no prompt from the runtime's backtracer")
    }
}
