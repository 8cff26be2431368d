// Tests of what happens while the first fetch runs (typing during it, the spinner) need the fetch
// to last until they have done their part. Its latency is the one clock a test cannot wait on: on
// a machine busy enough (the whole suite runs in parallel on two cores) it can run out before the
// first key is even drawn, and such a run shows nothing about typing during a fetch. So the test
// notices and starts again with a longer latency, instead of failing or passing for nothing.

import MoviesTestSupport

extension TerminalProcess {
    /// The latencies tried, in seconds, each only when the one before ran out too soon.
    ///
    /// The last is for the thread sanitizer's run, where the whole-Unicode scans keep a test's
    /// task off the CPU for longer than 15 s; a run that gets through early ends early.
    static let loadingLatencies = ["2", "6", "15", "60"]

    /// Starts `movies` with the arguments `arguments` gives for a latency, and runs `steps` while
    /// its first fetch is still running; returns the app once `steps` got through before the list
    /// arrived (`steps` returns `false` when it arrived first; the app is then killed and a
    /// longer latency tried).
    static func whileLoading(
        rows: Int, columns: Int, arguments: (String) -> [String],
        _ steps: (TerminalProcess) async throws -> Bool
    ) async throws -> TerminalProcess {
        for latency in loadingLatencies {
            let app = try TerminalProcess(movies: arguments(latency), rows: rows, columns: columns)
            if try await steps(app) { return app }
        }
        throw WaitFailure(
            description: "the list arrived too soon at every latency tried: \(loadingLatencies)")
    }

    /// Waits until `predicate` holds, or `loaded` does (the list arrived); returns whether
    /// `predicate` held while the list was still loading.
    func waitWhileLoading(
        _ what: String, loaded: (TerminalScreen) -> Bool, _ predicate: (TerminalScreen) -> Bool
    ) async throws -> Bool {
        try await waitUntil(what + " (or the list, too soon)") { predicate($0) || loaded($0) }
        return predicate(screen) && !loaded(screen)
    }
}
