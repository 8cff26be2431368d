// A limit on address space (`ulimit -v`), through the built binary: every limit ends the start
// with the app's own message and 74, or the session works; never a hang (the runtime waiting for
// a thread it cannot start), never the runtime's crash (an allocation that failed). A catalog that
// grows past the room the limit leaves is refused at the fetch with a message, and the session
// goes on. Each run is under a shell that lowers the limit and then runs the app, bounded by
// `timeout`.

import Foundation
import MoviesTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("a limit on address space", .hangGuard)
struct AddressSpaceLimitTests {
    /// How the refusal starts, for a session that needs `needed` MiB.
    private static let refusal = "movies: this session needs "

    /// The limit the refusal asks for: the number it ends with.
    private static func askedLimit(_ line: String) -> Int? {
        line.split(separator: " ").last.flatMap { Int($0) }
    }

    /// Runs `invocation` (after `"$MOVIES"`) in `directory` under `ulimit -v limit`, for 30
    /// seconds at most, its stdout in `out`; its status and stderr.
    private static func run(
        _ invocation: String, limit: Int, in directory: TemporaryDirectory
    ) async throws -> (status: Int, stderr: [String]) {
        let run = try await ShellRun.run(
            "cd '\(directory.path)' && (exec >out; ulimit -v \(limit); exec timeout -s KILL 30 "
                + "\"$MOVIES\" \(invocation)); echo \"status=$?\"")
        let status = run.stdoutLines.last.flatMap { Int($0.dropFirst("status=".count)) } ?? -1
        return (status, run.stderrLines)
    }

    /// Whether `stderr` is a sanitizer's: its shadow memory takes more address space than any
    /// limit these tests set (`scripts/sanitizers`), so there is nothing to test there.
    private static func sanitized(_ stderr: [String]) -> Bool {
        stderr.contains { $0.contains("Sanitizer") }
    }

    /// Each limit is refused with 74 and what the session needs, or the session works.
    ///
    /// From the smallest limit the system's loader can start the app under (below it: 127, the
    /// loader's message); once one works, every larger one does, and the limit a refusal asks for
    /// works. `ulimit -v 95000` hung here, after "Loading movies…", with a thread that libdispatch
    /// could not start.
    @Test func everyLimitEndsWithTheAppsMessageOrWorksAndNeverHangs() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let invocation = "--latency 0 -c 'list; delete 1'"
        var loaded = false
        var worked = false
        var asked: Int?
        for limit in stride(from: 40_000, through: 400_000, by: 20_000) {
            let (status, stderr) = try await Self.run(invocation, limit: limit, in: directory)
            if Self.sanitized(stderr) { return }
            let context = Comment(rawValue: "ulimit -v \(limit): status \(status), \(stderr)")
            switch status {
            case 127:
                #expect(!loaded, "the loader failed above a limit it worked under; \(context)")
            case 74:
                loaded = true
                #expect(!worked, "refused above a limit that worked; \(context)")
                #expect(stderr.count == 1 && stderr[0].hasPrefix(Self.refusal), context)
                asked = stderr.first.flatMap(Self.askedLimit)
            case 0:
                (loaded, worked) = (true, true)
                #expect(stderr.isEmpty, context)
            default:
                Issue.record("neither the app's answer nor its refusal; \(context)")
            }
        }
        #expect(worked, "no limit up to 400000 KiB let the session work")
        let limit = try #require(asked, "no limit was refused")
        let (status, stderr) = try await Self.run(invocation, limit: limit, in: directory)
        #expect(status == 0, "the limit the refusal asks for works: ulimit -v \(limit), \(stderr)")
    }

    /// A catalog of 100,000 movies is listed, or refused at the start with the app's message.
    ///
    /// Under `ulimit -v 150000` it ended with the runtime's crash (139). Refused (74), the limit
    /// the refusal asks for lists it.
    @Test func aLargeCatalogIsListedOrRefusedNeverACrash() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let movies = (1...100_000).map { #"{"id":\#($0),"title":"Movie \#($0)","year":1999}"# }
        let catalog = "[" + movies.joined(separator: ",") + "]"
        try write(Array(catalog.utf8), to: directory.path("big.json"))
        let invocation = "--latency 0 --quiet --catalog big.json -c 'list --json'"
        let (status, stderr) = try await Self.run(invocation, limit: 150_000, in: directory)
        if Self.sanitized(stderr) { return }
        let context = Comment(rawValue: "status \(status), \(stderr)")
        #expect(status == 74 || status == 0, context)
        guard status == 74 else { return }
        #expect(stderr.count == 1 && stderr[0].hasPrefix(Self.refusal), context)
        let limit = try #require(stderr.first.flatMap(Self.askedLimit), context)
        let enough = try await Self.run(invocation, limit: limit, in: directory)
        #expect(enough.status == 0, "ulimit -v \(limit): \(enough.stderr)")
        let listed = try #require(contents(of: directory.path("out")))
        #expect(listed.count > 4_000_000, "the whole list, as JSON")
    }

    /// A catalog that grows past the room the limit leaves is not read at the next fetch: the
    /// fetch fails with the app's message, and the session keeps its list.
    @Test func aCatalogThatOutgrowsTheRoomIsRefusedAtTheFetch() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = directory.path("cat.json")
        let small = #"[{"id":1,"title":"Alien","year":1979},{"id":2,"title":"Heat","year":1995}]"#
        try write(Array(small.utf8), to: catalog)
        let arguments = ["--latency", "0", "--catalog", catalog]
        guard
            let asked = try await Self.askedLimit(
                "--latency 0 --catalog '\(catalog)' -c list", in: directory)
        else { return }
        let limit = try #require(asked, "the refusal names a limit")
        let session = try MoviesProcess(
            arguments,
            launchedBy: [
                "/bin/sh", "-c", "ulimit -v \(limit); exec timeout -s KILL 30 \"$0\" \"$@\"",
            ])
        session.send("list\n")
        #expect(await session.waitForOutput(containing: "  2. Heat (1995)\n"))
        // The most a catalog may be, 16 MiB: refused by its size, before a byte is read.
        try write([UInt8](repeating: 0x20, count: 16 << 20), to: catalog)
        session.send("refresh\nlist\n")
        session.closeInput()
        let run = await session.waitForExit()
        #expect(run.status == 2, "the last fetch failed")
        #expect(
            run.stdoutLines.suffix(3) == [
                "Could not load movies: \(catalog): is 16.0 MiB; reading it takes about 96.0 MiB of "
                    + "address space, more than the limit on it (ulimit -v) leaves — type refresh to "
                    + "retry",
                "  1. Alien (1979)", "  2. Heat (1995)",
            ], "\(run.stdout)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    /// A followed file replaced by one that would not fit the room the limit leaves is not read:
    /// the follower says it stopped following, and keeps the list it shows.
    @Test func aFollowedFileThatOutgrowsTheRoomIsNotRead() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path("movies.state")
        let small = #"[{"id":1,"title":"Alien","year":1979},{"id":2,"title":"Heat","year":1995}]"#
        try write(Array((small + "\n").utf8), to: state)
        guard let asked = try await Self.askedLimit("--follow '\(state)' -c list", in: directory)
        else { return }
        let limit = try #require(asked, "the refusal names a limit")
        // Its stderr on its stdout, to wait for what it says there.
        let follower = try MoviesProcess(
            ["--follow", state],
            launchedBy: [
                "/bin/sh", "-c",
                "ulimit -v \(limit); exec timeout -s KILL 30 \"$0\" \"$@\" 2>&1",
            ])
        #expect(await follower.waitForOutput(containing: "Following 2 movies in "))
        // A new file renamed over it, as an owner's fold does: 16 MiB.
        let big = directory.path("big.state")
        try write([UInt8](repeating: 0x20, count: 16 << 20), to: big)
        #expect(rename(big, state) == 0)
        #expect(
            await follower.waitForOutput(
                containing: "movies: stopped following \(state): reading it would take more of "
                    + "the address space than the limit on it (ulimit -v) leaves; the list shown "
                    + "is the last it held\n"))
        follower.send("list\n")
        follower.closeInput()
        let run = await follower.waitForExit()
        #expect(run.status == 0)
        #expect(run.stdoutLines.suffix(2) == ["  1. Alien (1979)", "  2. Heat (1995)"])
    }

    /// The limit a session run with `invocation` asks for when it is refused: from the first
    /// limit, counting up, that the loader can start the app under and the session refuses;
    /// `nil` under a sanitizer, `.some(nil)` when the refusal names none.
    private static func askedLimit(_ invocation: String, in directory: TemporaryDirectory)
        async throws -> Int??
    {
        for limit in stride(from: 40_000, through: 400_000, by: 20_000) {
            let (status, stderr) = try await run(invocation, limit: limit, in: directory)
            if sanitized(stderr) { return nil }
            if status == 127 { continue }
            #expect(status == 74, "ulimit -v \(limit): \(stderr)")
            return .some(stderr.first.flatMap(askedLimit))
        }
        return .some(nil)
    }
}
