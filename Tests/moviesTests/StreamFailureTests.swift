// The built binary when its standard streams misbehave: a reader that leaves (`| head`), a full
// disk, closed descriptors, a directory as stdin, lines that are too long or not UTF-8, a byte
// order mark. Nothing here may hang, trap, or end in success after output was lost.

import Foundation
import MoviesTestSupport
import Testing

@Suite("movies binary with failing streams")
struct StreamFailureTests {
    /// What `movies` did inside a shell pipeline: the script writes its exit status to
    /// `"$STATUS"` and its stderr to `"$ERRORS"`.
    private struct PipelineRun {
        var run: MoviesRun
        var status: Int32?
        var errors: String
    }

    private func pipeline(_ script: String) async throws -> PipelineRun {
        try await pipelineWithReaction(script).0
    }

    // MARK: Output that cannot be written

    @Test(.hangGuard)
    func aReaderThatLeavesEndsTheAppQuietlyWith141() async throws {
        // Endless input, and a reader that takes five lines and goes: the app must notice the
        // broken pipe, stop reading, and exit by itself (`yes` then ends by SIGPIPE too).
        let result = try await pipeline(
            #"yes list | { "$MOVIES" --latency 0 2>"$ERRORS"; echo $? >"$STATUS"; } | head -n 5"#)
        #expect(result.run.stdoutLines.count == 5)
        #expect(result.run.stdoutLines.first == "Loading movies…")
        #expect(result.status == 141)
        #expect(result.errors.isEmpty, "nobody is left to tell: no message")
    }

    @Test(.hangGuard)
    func aReaderThatLeavesWhileInputWaitsEndsTheAppToo() async throws {
        // Input stays open and silent (a FIFO held by `sleep`); the reader takes the loading
        // line and leaves; the app waits for a line, and the list arrives two seconds later.
        // Either the watch on stdout or the write that fails must end that wait.
        let result = try await pipeline(
            #"mkfifo "$STATUS.in"; sleep 600 >"$STATUS.in" & writer=$!; "#
                + #"{ "$MOVIES" --latency 2 <"$STATUS.in" 2>"$ERRORS"; echo $? >"$STATUS"; } "#
                + #"| head -n 1; kill $writer"#)
        #expect(result.run.stdoutLines == ["Loading movies…"])
        #expect(result.status == 141)
        #expect(result.errors.isEmpty)
    }

    /// The reader leaves while the app writes nothing more (it waits for input that does not
    /// come for twenty seconds): the app notices at once and ends with 141, without a write.
    @Test(.hangGuard)
    func aReaderThatLeavesWhileTheAppIdlesIsNoticedAtOnce() async throws {
        let (result, reaction) = try await pipelineWithReaction(
            #"mkfifo "$STATUS.in"; sleep 20 >"$STATUS.in" & writer=$!; "#
                + #"{ "$MOVIES" --latency 0 <"$STATUS.in" 2>"$ERRORS"; echo $? >"$STATUS"; "#
                + #"date +%s%N >"$STATUS.end"; } "#
                + #"| { head -n 32 >/dev/null; date +%s%N >"$STATUS.left"; }; kill $writer"#)
        #expect(result.status == 141, "0: noticed only at the end of the input")
        #expect(result.errors.isEmpty)
        #expect(reaction < .seconds(5), "from the reader leaving to the app's end")
    }

    /// The reader leaves while the app waits for a 20-second fetch: the app ends with 141 at
    /// once, not when the list arrives and its write fails.
    @Test(.hangGuard)
    func aReaderThatLeavesDuringAFetchIsNoticedAtOnce() async throws {
        let (result, reaction) = try await pipelineWithReaction(
            #"{ "$MOVIES" --latency 20 -c list 2>"$ERRORS"; echo $? >"$STATUS"; "#
                + #"date +%s%N >"$STATUS.end"; } "#
                + #"| { head -n 1; date +%s%N >"$STATUS.left"; }"#)
        #expect(result.run.stdoutLines == ["Loading movies…"])
        #expect(result.status == 141)
        #expect(result.errors.isEmpty)
        #expect(reaction < .seconds(5), "\(reaction): noticed only when the list arrived")
    }

    /// `pipeline(script)`, and when the script also writes the time the reader left to
    /// `"$STATUS.left"` and the time the app ended to `"$STATUS.end"` (`date +%s%N`), the time
    /// between the two, which does not count how long the app took to start.
    private func pipelineWithReaction(_ script: String) async throws -> (PipelineRun, Duration) {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let status = folder.path("status")
        let run = try await ShellRun.run(
            script, environment: ["STATUS": status, "ERRORS": folder.path("errors")])
        func nanoseconds(_ suffix: String) -> Int64 {
            let text = (try? String(contentsOfFile: status + suffix, encoding: .utf8)) ?? ""
            return Int64(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }
        let code = (try? String(contentsOfFile: status, encoding: .utf8)) ?? ""
        let result = PipelineRun(
            run: run, status: Int32(code.trimmingCharacters(in: .whitespacesAndNewlines)),
            errors: (try? String(contentsOfFile: folder.path("errors"), encoding: .utf8)) ?? "")
        return (result, .nanoseconds(nanoseconds(".end") - nanoseconds(".left")))
    }

    @Test(
        .hangGuard,
        arguments: [
            ("--latency 0 </dev/null", "No space left on device"),
            ("--help", "No space left on device"),
            ("--version", "No space left on device"),
        ])
    func aFullDiskIsReportedOnceWith74(arguments: String, reason: String) async throws {
        let run = try await ShellRun.run(#""$MOVIES" \#(arguments) >/dev/full"#)
        #expect(run.status == 74 && !run.signalled)
        #expect(run.stderrLines == ["movies: cannot write to standard output: \(reason)"])
    }

    @Test(.hangGuard)
    func aFullDiskDuringEndlessInputStopsTheApp() async throws {
        let result = try await pipeline(
            #"yes list | { "$MOVIES" --latency 0 >/dev/full 2>"$ERRORS"; echo $? >"$STATUS"; }"#)
        #expect(result.status == 74)
        #expect(
            result.errors == "movies: cannot write to standard output: No space left on device\n")
    }

    @Test(.hangGuard, arguments: ["--latency 0 </dev/null", "--help"])
    func aClosedStdoutIsReportedWith74(arguments: String) async throws {
        let run = try await ShellRun.run(#""$MOVIES" \#(arguments) >&-"#)
        #expect(run.status == 74 && !run.signalled)
        #expect(run.stderrLines == ["movies: cannot write to standard output: Bad file descriptor"])
    }

    @Test(.hangGuard)
    func aClosedStderrLosesAMessageSoTheStatusIs74() async throws {
        let run = try await ShellRun.run(#"echo frobnicate | "$MOVIES" --latency 0 2>&-"#)
        #expect(run.status == 74 && !run.signalled)
        #expect(run.stdoutLines.first == "Loading movies…")
    }

    // MARK: Input that cannot be read, or read as lines

    @Test(.hangGuard)
    func aClosedStdinIsEmptyInputNotTheRuntimesDescriptors() async throws {
        // Without reopening, the next descriptor the runtime or the catalog opens lands on 0 and
        // is read as commands.
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let catalog = try folder.writeCatalog(hostileCatalog())
        for _ in 0..<5 {
            let run = try await ShellRun.run(
                #""$MOVIES" --latency 0 --catalog "$CATALOG" <&-"#,
                environment: ["CATALOG": catalog])
            #expect(run.status == 0 && !run.signalled)
            #expect(run.stderr.isEmpty)
            #expect(run.stdoutLines.first == "Loading movies…")
        }
    }

    @Test(.hangGuard)
    func aReadErrorIsNotEndOfInput() async throws {
        let run = try await ShellRun.run(#""$MOVIES" --latency 0 </"#)
        #expect(run.status == 74 && !run.signalled)
        #expect(run.stderrLines == ["movies: cannot read standard input: Is a directory"])
    }

    @Test(.hangGuard)
    func anOverlongLineIsReportedOnceAndTheNextLineRuns() async throws {
        let input = String(repeating: "x", count: 1_000_000) + "\ndelete 1\n"
        let run = try await MoviesProcess.run(["--latency", "0"], input: input)
        #expect(run.status == 1 && !run.signalled)
        #expect(
            run.stderrLines == [
                "line 1: the line is longer than 65536 bytes (64 KiB); it was skipped"
            ])
        #expect(run.stdoutLines.last == "- 1. The Godfather (1972)")
    }

    @Test(.hangGuard)
    func aLineThatIsNotUTF8IsReportedAndTheNextLineRuns() async throws {
        let bytes =
            Data("list\ninsert \"Caf".utf8) + Data([0xE9]) + Data("\" 1999\ndelete 1\n".utf8)
        let run = try await MoviesProcess.run(["--latency", "0"], bytes: bytes)
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "line 2: the line is not valid UTF-8 (byte 12 is 0xE9); it was skipped"
            ])
        #expect(run.stdoutLines.last == "- 1. The Godfather (1972)")
        #expect(
            !run.stdout.contains("\u{FFFD}"), "nothing was inserted with a replacement character")
    }

    @Test(.hangGuard)
    func aByteOrderMarkAtTheStartIsIgnored() async throws {
        let bytes = Data([0xEF, 0xBB, 0xBF]) + Data("delete 1\r\nlist --json\r\n".utf8)
        let run = try await MoviesProcess.run(["--latency", "0"], bytes: bytes)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdoutLines.contains("- 1. The Godfather (1972)"))
    }
}
