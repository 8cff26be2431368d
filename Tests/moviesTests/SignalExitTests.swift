// SIGTERM and SIGHUP end a session on pipes the way Ctrl-C does: at once, even in the middle of a
// slow fetch, by the app's own exit with 128 + the signal (what a shell shows), nothing printed
// after. At a terminal the same signals also restore the terminal (see the terminal tests).

import Foundation
import MoviesTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Ending by a signal")
struct SignalExitTests {
    @Test(.hangGuard, arguments: [SIGTERM, SIGHUP, SIGINT])
    func aSignalEndsASlowSessionWith128PlusTheSignal(signal: Int32) async throws {
        let process = try MoviesProcess(["--latency", "3600"])
        #expect(await process.waitForOutput(containing: "Loading movies…\n"))
        process.send(signal: signal)
        let run = await process.waitForExit()
        #expect(!run.signalled, "the app exits by itself rather than dying by the signal")
        #expect(run.status == 128 + signal)
        #expect(run.stdout == "Loading movies…\n")
        #expect(run.stderr.isEmpty)
    }
}
