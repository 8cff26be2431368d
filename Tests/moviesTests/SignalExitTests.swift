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
        // Bounded: a signal left to the runtime's crash reporter lets the session go on.
        let run = try #require(
            await process.waitForExit(within: .seconds(20)), "the app went on after the signal")
        #expect(!run.signalled, "the app exits by itself rather than dying by the signal")
        #expect(run.status == 128 + signal)
        #expect(run.stdout == "Loading movies…\n")
        #expect(run.stderr.isEmpty)
        #expect(!run.stderr.contains("crashed"), "no crash report from the runtime")
    }

    /// SIGQUIT from the first instruction of `main` on ends the app with 131, not in the Swift
    /// runtime's crash reporter, which claims SIGQUIT before `main` runs and then lets the app go on.
    ///
    /// Each run starts the app with stderr closed and sends SIGQUIT the moment `main` has put
    /// /dev/null there, one of its first steps: after the handler is in place and SIGQUIT is let
    /// through. The reporter's output would go to /dev/null; what shows it is that the app goes on
    /// running. (The moments before `main` are the next test's.)
    @Test(.hangGuard)
    func sigquitInTheFirstMomentsOfMainEndsWith131() async throws {
        #if os(Linux)
            for _ in 0..<20 {
                let process = try StderrClosedProcess(["--latency", "3600"])
                #expect(process.waitUntilMainHasBegun())
                process.send(signal: SIGQUIT)
                let end = await process.waitForExit(within: .seconds(10))
                #expect(end == .exited(128 + SIGQUIT), "nil: it went on after SIGQUIT")
                if end != .exited(128 + SIGQUIT) { break }
            }
        #endif
    }

    /// SIGQUIT at any moment of the start, before `main` too, ends the app as SIGQUIT does, never
    /// in the runtime's crash reporter.
    ///
    /// The runtime claims SIGQUIT milliseconds before `main`; the executable holds SIGQUIT from
    /// before the runtime starts until `main` has its handler in place. Eighty starts, each sent
    /// SIGQUIT a quarter of a millisecond later than the one before (0 to 19.75 ms), sweep the
    /// start over that window on a fast machine or a loaded one. Each must end with 131: by the
    /// app's exit, or killed by the signal itself when it came before anything of the app ran (a
    /// shell shows 131 for both). The reporter would let the app go on, and the run would end by
    /// the bound.
    @Test(.hangGuard)
    func sigquitAtAnyMomentOfTheStartEndsTheAppAsSigquitDoes() async throws {
        #if os(Linux)
            for step in 0..<80 {
                let process = try StderrClosedProcess(["--latency", "3600"])
                try await Task.sleep(for: .microseconds(250 * step))
                process.send(signal: SIGQUIT)
                let end = await process.waitForExit(within: .seconds(10))
                let endedAsSigquit = end == .exited(128 + SIGQUIT) || end == .signalled(SIGQUIT)
                #expect(
                    endedAsSigquit,
                    "SIGQUIT \(step * 250) µs after the start: \(String(describing: end))")
                if !endedAsSigquit { break }
            }
        #endif
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
