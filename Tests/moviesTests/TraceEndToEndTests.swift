// `--trace` and `--replay` through the built binary: a session traced to a file or to stderr
// replays with status 0; a trace whose recorded Change was edited diverges with status 1 at that
// line; a file that is not a trace gives 65, one that cannot be read 66; a trace onto a file the
// session reads, or onto another running session's state file, is refused with 64, the file kept.

import Foundation
import MoviesTestSupport
import Testing

@Suite("trace and replay, end to end", .hangGuard)
struct TraceEndToEndTests {
    /// Edits of every kind, a rejected one, undo and redo, and a refresh.
    private let script = """
        delete 1
        move 1 5
        insert "Blade Runner 2049" 2017 2
        delete 99
        undo
        redo
        refresh
        list
        undo
        move 30 1

        """

    @Test func aTraceWrittenToAFileReplaysWithStatus0() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trace = directory.path("session.trace")
        let session = try await MoviesProcess.run(
            ["--latency", "0", "--quiet", "--trace", trace], input: script)
        #expect(session.status == 1, "the rejected delete")
        #expect(
            session.stderrLines == [
                "line 4: delete: position 99 is out of range; valid positions are 1–30"
            ])
        let lines = try traceLines(trace)
        // The header, the first refresh and its answer, then nine commands' actions (`list` is
        // not an action) and the second refresh's answer.
        #expect(lines.count == 13)
        #expect(lines.first?.hasPrefix(#"{"historyLimit":1000,"movies":[],"#) == true)

        let replay = try await MoviesProcess.run(["--replay", trace])
        #expect(replay.status == 0)
        #expect(
            replay.stdoutLines == [
                "Replayed 12 actions from \(trace): every one matched; "
                    + "the list ends with 30 movies."
            ])
        #expect(replay.stderr.isEmpty)
    }

    @Test func aTraceWrittenToStderrReplaysToo() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let session = try await MoviesProcess.run(
            ["--latency", "0", "--trace", "--quiet"], input: "delete 3\nundo\nlist --json\n")
        #expect(session.status == 0)
        #expect(session.stdoutLines.count == 1, "the trace goes to stderr, not stdout")
        let lines = session.stderrLines
        // The header, the load (refresh and its answer), the delete and the undo.
        #expect(lines.count == 5)
        let trace = directory.path("from-stderr.trace")
        try Data(session.stderr.utf8).write(to: URL(fileURLWithPath: trace))
        let replay = try await MoviesProcess.run(["--replay", trace, "--quiet"])
        #expect(replay.status == 0)
        #expect(replay.stdout.hasPrefix("Replayed 4 actions from "))
    }

    /// A trace on stderr shares it with the session's error messages; captured the documented
    /// way, it replays all the same.
    @Test func aTraceOnStderrWithErrorMessagesInItReplays() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let run = try await ShellRun.run(
            "cd '\(directory.path)' && "
                + #""$MOVIES" --latency 0 --trace -c 'delete 99; frob; delete 1' >/dev/null 2>t; "#
                + #"echo "session=$?"; "$MOVIES" --replay t; echo "replay=$?""#)
        #expect(
            run.stdoutLines == [
                "session=1",
                "Replayed 4 actions from t: every one matched; the list ends with 29 movies. "
                    + "2 lines were skipped: not records but messages written to the same stream.",
                "replay=0",
            ])
        #expect(run.stderr.isEmpty)
    }

    @Test func hostileTitlesReachStderrEscapedAndTheTraceStillReplays() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // From the catalog and typed: a C1 CSI, a right-to-left override, a next line, a line
        // separator, a byte order mark, a joiner, an Arabic letter mark, a tag character.
        let catalog = directory.path("hostile.json")
        let movies =
            #"[{"id":1,"title":"a\u009b31mb","year":2000},{"id":2,"title":"c\u202ed","year":2001}]"#
        try Data(movies.utf8).write(to: URL(fileURLWithPath: catalog))
        let typed =
            "insert \"e\u{85}f\u{2028}g\u{FEFF}h\u{200D}i\u{61C}j\u{E0041}\" 2002\nmove 3 1\n"
        let session = try await MoviesProcess.run(
            ["--latency", "0", "--quiet", "--catalog", catalog, "--trace"], input: typed)
        #expect(session.status == 0)
        // The header, the load (refresh and its answer), the two edits.
        #expect(session.stderrLines.count == 5)
        #expect(
            UnsafeScalars.first(in: session.stderr, allowing: ["\n"]) == nil,
            "\(UnsafeScalars.visible(session.stderr))")
        let trace = directory.path("from-stderr.trace")
        try Data(session.stderr.utf8).write(to: URL(fileURLWithPath: trace))
        let replay = try await MoviesProcess.run(["--replay", trace, "--quiet"])
        #expect(replay.status == 0)
        #expect(replay.stdout.hasPrefix("Replayed 4 actions from "))
    }

    @Test func anEditedChangeDivergesAtItsLine() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trace = directory.path("session.trace")
        _ = try await MoviesProcess.run(
            ["--latency", "0", "--quiet", "--trace", trace], input: script)
        var lines = try traceLines(trace)
        // Line 5 is `move 1 5`: claim the movie went to position 4 instead.
        let recorded = lines[4]
        #expect(recorded.hasPrefix(#"{"action":{"move":{"from":0,"to":4}},"changes":[{"moved""#))
        lines[4] = recorded.replacingOccurrences(of: #""to":4}}]"#, with: #""to":3}}]"#)
        #expect(lines[4] != recorded)
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: trace))

        let replay = try await MoviesProcess.run(["--replay", trace])
        #expect(replay.status == 1)
        #expect(replay.stdout.isEmpty)
        #expect(
            replay.stderrLines.first == "movies: \(trace): line 5: the replay diverged")
        #expect(replay.stderrLines.dropFirst().first == "  recorded: " + lines[4])
        #expect(replay.stderrLines.last.map { $0.hasPrefix("  replayed: ") } == true)
        #expect(replay.stderrLines.last?.contains(#""to":4}}]"#) == true)
    }

    @Test func aFileThatIsNotATraceGives65AndAMissingOne66() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let notATrace = directory.path("movies.json")
        try Data("[]\n".utf8).write(to: URL(fileURLWithPath: notATrace))
        let malformed = try await MoviesProcess.run(["--replay", notATrace])
        #expect(malformed.status == 65)
        #expect(
            malformed.stderrLines == [
                "movies: \(notATrace): line 1: not a movies trace header "
                    + "(write one with movies --trace FILE)"
            ])

        let missing = directory.path("missing.trace")
        let unreadable = try await MoviesProcess.run(["--replay", missing])
        #expect(unreadable.status == 66)
        #expect(
            unreadable.stderrLines == [
                "movies: cannot read the trace \(missing): No such file or directory"
            ])
    }

    @Test(arguments: ["--state", "--catalog"])
    func aTraceOntoAnInputFileIsRefusedAndTheFileKept(option: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.path("movies.json")
        let catalog = Data(#"[{"id":1,"title":"Alien","year":1979}]"#.utf8)
        try catalog.write(to: URL(fileURLWithPath: file))
        // Another spelling of the same file: the check goes by the file, not by the name.
        let sameFile = directory.path + "/./movies.json"
        let session = try await MoviesProcess.run(
            ["--latency", "0", option, file, "--trace", sameFile, "-c", "list"])
        let input = option == "--state" ? "the state file" : "the catalog"
        #expect(session.status == 64)
        #expect(
            session.stderrLines == [
                "movies: --trace \(sameFile) is \(input); a trace starts by emptying its file, "
                    + "so choose another"
            ])
        #expect(session.stdout.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == catalog)
    }

    @Test func aTraceOntoAnotherSessionsStateFileIsRefusedAndWritesNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path("victim.st")
        let first = try MoviesProcess(["--latency", "0", "--state", state])
        #expect(await first.waitForOutput(containing: "Loaded 30 movies.\n"))
        first.send("delete 1\n")
        #expect(await first.waitForOutput(containing: "- 1. The Godfather (1972)\n"))
        let before = FileManager.default.contents(atPath: state)

        let tracer = try await MoviesProcess.run(
            ["--latency", "0", "--trace", state, "-c", "list"])
        #expect(tracer.status == 64)
        #expect(tracer.stdout.isEmpty)
        #expect(
            tracer.stderrLines == [
                "movies: --trace \(state) is the state file of another movies session; a trace "
                    + "starts by emptying its file, so choose another"
            ])
        #expect(FileManager.default.contents(atPath: state) == before, "not a byte written")

        // The first session's edit survives it, and its next start restores it.
        first.send("quit\n", thenClose: true)
        let run = await first.waitForExit()
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let again = try await MoviesProcess.run(
            ["--latency", "0", "--state", state, "--quiet", "-c", "list"])
        #expect(again.status == 0)
        #expect(again.stdoutLines.first == "   1. Casablanca (1942)")
        #expect(again.stdoutLines.count == 29)
    }

    private func traceLines(_ path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        return text.split(separator: "\n").map(String.init)
    }
}
