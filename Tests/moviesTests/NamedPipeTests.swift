// A named pipe (FIFO) where the app expects a file, through the built binary: no path the app did
// not just create is opened in a way that can block. A FIFO put where the state file was ends the
// session with 74 and says why, instead of hanging in the closing report; a trace onto a FIFO that
// nothing reads is refused at once; a replay reads a pipe, and a FIFO with no writer as empty.
// Each run is watched: a process that blocks is killed within a minute, and its test fails.

import Foundation
import MoviesTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("a named pipe where a file was", .hangGuard)
struct NamedPipeTests {
    @Test func aFIFOPutWhereTheStateFileWasEndsTheSessionWith74() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path("movies.state")
        let session = try MoviesProcess(["--latency", "0", "--state", state])
        #expect(await session.waitForOutput(containing: "Loaded 30 movies.\n"))
        session.send("delete 1\n")
        #expect(await session.waitForOutput(containing: "- 1. The Godfather (1972)\n"))
        #expect(unlink(state) == 0 && mkfifo(state, 0o644) == 0)
        session.closeInput()
        let run = await session.waitForExit()
        #expect(run.status == 74 && !run.signalled)
        #expect(run.stderrLines.count == 1)
        #expect(
            run.stderrLines.first?.hasPrefix(
                "movies: state file \(state): not a regular file, so it is not replaced; ")
                == true, "\(run.stderr)")
    }

    /// Each run that could block is the shell's last (`exec`), so that the watchdog, which kills
    /// the shell, kills it.
    @Test func aTraceOntoANamedPipeIsWrittenOnlyWhenSomethingReadsIt() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let alone = try await ShellRun.run(
            "cd '\(directory.path)' && mkfifo f && "
                + #"exec "$MOVIES" --latency 0 --trace f -c list >/dev/null"#)
        #expect(alone.status == 74 && !alone.signalled)
        #expect(
            alone.stderrLines == [
                "movies: cannot write the trace f: a named pipe that nothing reads yet"
            ])
        let read = try await ShellRun.run(
            "cd '\(directory.path)' && "
                + #"exec 3<>f; "$MOVIES" --latency 0 --trace f -c 'delete 1' >/dev/null; "#
                + #"echo "read=$?"; head -c 14 <&3; echo"#)
        #expect(read.stdoutLines == ["read=0", #"{"historyLimit"#])
        #expect(read.stderr.isEmpty, "\(read.stderr.debugDescription)")
    }

    @Test func aReplayReadsAPipeAndANamedPipeWithNoWriterAsEmpty() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let pipe = try await ShellRun.run(
            "cd '\(directory.path)' && "
                + #""$MOVIES" --latency 0 --trace t.jsonl -c 'delete 1' >/dev/null; "#
                + #"cat t.jsonl | "$MOVIES" --replay /dev/stdin"#)
        #expect(pipe.status == 0 && !pipe.signalled)
        #expect(
            pipe.stdoutLines == [
                "Replayed 3 actions from /dev/stdin: every one matched; the list ends with 29 "
                    + "movies."
            ])
        let fifo = try await ShellRun.run(
            "cd '\(directory.path)' && mkfifo f && exec \"$MOVIES\" --replay f")
        #expect(fifo.status == 65 && !fifo.signalled)
        #expect(
            fifo.stderrLines == [
                "movies: f: line 1: the file is empty; a trace starts with a header line"
            ])
    }
}
