// A whole session in-process: the first fetch, lines fed as chunks of bytes as stdin would feed
// them, and the exit status at `quit`, end of input or a read error. Lines that never become text
// (too long, not UTF-8) are rejected with one message each, and the lines after them still run.

import Foundation
import MoviesTestSupport
import SystemBoundary
import Testing

@testable import MoviesCLI
@testable import MoviesCore
@testable import MoviesFormats
@testable import TerminalIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@MainActor
@Suite("MoviesApp session", .hangGuard)
struct MoviesAppTests {
    private func lines(_ lines: String...) -> LineReader {
        chunks(lines.map { .bytes(Array(($0 + "\n").utf8)) })
    }

    private func chunks(_ chunks: [ChunkReader.Chunk]) -> LineReader {
        LineReader(chunks: ChunkReader(replaying: chunks))
    }

    @Test func aSessionFetchesRunsTheLinesAndSucceeds() async {
        let output = RecordingOutput()
        let status = await MoviesApp.run(
            api: StubAPI(), input: lines("delete 1", "list"), output: output, interactive: false)
        #expect(status == .success)
        #expect(
            output.lines() == [
                "Loading movies…", "  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)",
                "Loaded 3 movies.", "- 1. Alien (1979)", "  1. Heat (1995)", "  2. Jaws (1975)",
            ])
    }

    @Test func aRejectedLineMakesTheStatusOne() async {
        let output = RecordingOutput()
        let status = await MoviesApp.run(
            api: StubAPI(), input: lines("list", "delete 7", "list"), output: output,
            interactive: false)
        #expect(status == .commandRejected)
        #expect(
            output.lines(.error) == [
                "line 2: delete: position 7 is out of range; valid positions are 1–3"
            ])
    }

    @Test func quitStopsReadingAtOnce() async {
        let output = RecordingOutput()
        let status = await MoviesApp.run(
            api: StubAPI(), input: lines("quit", "delete 7"), output: output, interactive: false)
        #expect(status == .success)
        #expect(output.lines(.error).isEmpty)
    }

    @Test(.hangGuard)
    func endOfInputDuringAHangingFetchEndsTheSession() async {
        let output = RecordingOutput()
        let status = await MoviesApp.run(
            api: HangingAPI(), input: lines(), output: output, interactive: false)
        #expect(status == .success)
        #expect(output.lines() == ["Loading movies…"])
    }

    @Test(.hangGuard)
    func quitDuringAHangingFetchEndsTheSession() async {
        let output = RecordingOutput()
        let status = await MoviesApp.run(
            api: HangingAPI(), input: lines("refresh", "help", "quit"), output: output,
            interactive: false)
        #expect(status == .success)
        #expect(output.lines().first == "Loading movies…")
    }

    @Test func aFailedLoadEndsWithStatusTwo() async {
        let output = RecordingOutput()
        let status = await MoviesApp.run(
            api: StubAPI(failing: true), input: lines("list"), output: output, interactive: false)
        #expect(status == .loadFailed)
    }

    @Test func anOverlongLineIsRejectedOnceAndTheNextLineRuns() async {
        let output = RecordingOutput()
        let long = Array(repeating: UInt8(ascii: "x"), count: 200_000)
        let status = await MoviesApp.run(
            api: StubAPI(),
            input: chunks([.bytes(long), .bytes(long + Array("\ndelete 1\n".utf8))]),
            output: output, interactive: false)
        #expect(status == .commandRejected)
        #expect(
            output.lines(.error) == [
                "line 1: the line is longer than 65536 bytes (64 KiB); it was skipped"
            ])
        #expect(output.lines().last == "- 1. Alien (1979)")
    }

    @Test func aLineThatIsNotUTF8IsRejectedAndTheNextLineRuns() async {
        let output = RecordingOutput()
        let status = await MoviesApp.run(
            api: StubAPI(),
            input: chunks([
                .bytes(Array("list\ndelete \u{1}".utf8) + [0xC3, 0x28] + Array("\nrm 1\n".utf8))
            ]),
            output: output, interactive: false)
        #expect(status == .commandRejected)
        #expect(
            output.lines(.error) == [
                "line 2: the line is not valid UTF-8 (byte 9 is 0xC3); it was skipped"
            ])
        #expect(output.lines().last == "- 1. Alien (1979)")
    }

    @Test func aReadErrorIsReportedAndEndsTheSessionWithStatus74() async {
        let output = RecordingOutput()
        let status = await MoviesApp.run(
            api: StubAPI(),
            input: chunks([
                .bytes(Array("delete 1\ndelete".utf8)), .failed(errno: EIO),
                .bytes(Array(" 1\n".utf8)),
            ]),
            output: output, interactive: false)
        #expect(status == .ioError)
        #expect(output.lines(.error) == ["movies: cannot read standard input: Input/output error"])
        #expect(
            output.lines().last == "- 1. Alien (1979)", "the line cut off by the error did not run")
    }

    @Test func anInteractiveSessionPromptsForEveryLine() async {
        let output = RecordingOutput()
        _ = await MoviesApp.run(
            api: StubAPI(), input: TypedInput(["list", "list"]), output: output, interactive: true)
        #expect(output.prompts == 3, "a prompt before each line is typed, and before Ctrl-D")
        #expect(output.lines().last == "", "Ctrl-D leaves the shell prompt on a fresh line")
    }

    @Test(.hangGuard)
    func aStateFileThatFailsAtTheEndIsReportedOnceWithStatus74() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("movies.state")
        try write(StateFile.snapshot(sampleMovies), to: path)
        let input = ControlledInput()
        let output = RecordingOutput()
        let session = Task {
            await MoviesApp.run(
                options: Options(statePath: FileName(path)), api: StubAPI(), input: input,
                output: output,
                interactive: false)
        }
        input.type("delete 1")
        await input.untilWaiting()
        // The folder goes away: folding the journal into the file at the end fails.
        directory.remove()
        input.send(.end(final: true))
        #expect(await session.value == .ioError)
        #expect(
            output.lines(.error) == [
                "movies: state file \(path): No such file or directory; "
                    + "\(path) does not hold this session's last edits; they are lost"
            ])
        #expect(output.lines().last == "- 1. Alien (1979)", "the edit was committed and drawn")
    }

    @Test(.hangGuard)
    func aClosingFoldThatFailsSaysTheEditsAreInTheFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("movies.state")
        try write(StateFile.snapshot(sampleMovies), to: path)
        let output = RecordingOutput()
        // The edits' journal lines commit; the fold at the end fails at its directory fsync.
        let status = await MoviesApp.run(
            options: Options(statePath: FileName(path)), api: StubAPI(),
            input: lines("delete 1", "move 1 2"),
            output: output, interactive: false, sync: failingSync(for: .directories))
        #expect(status == .ioError)
        #expect(
            output.lines(.error) == [
                "movies: state file \(path): Input/output error; "
                    + "every edit is in \(path), and the next start restores them all"
            ])
        let restored = try StateFile.restore(
            Data(contentsOf: URL(fileURLWithPath: path)), file: path)
        #expect(restored.state.movies == [sampleMovies[2], sampleMovies[1]])
    }

    @Test(.hangGuard)
    func aClosingFoldThatFailsWithholdsNothingWhenEveryEditIsOnDisk() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("movies.state")
        try write(StateFile.snapshot(sampleMovies), to: path)
        let output = RecordingOutput()
        // All four lines are ready at once, as `-c` gives them: nothing commits before the end,
        // where the fold fails at its directory's fsync.
        let status = await MoviesApp.run(
            options: Options(statePath: FileName(path)), api: StubAPI(),
            input: ScriptInput(["delete 1", "list --json", "help quit", "bogus"]),
            output: output, interactive: false, sync: failingSync(for: .directories))
        #expect(status == .ioError, "writing the state file failed, though every edit is in it")
        let lines = output.lines()
        let restored = "Restored 3 movies from \(path)."
        let json = #"[{"id":2,"title":"Heat","year":1995},{"id":3,"title":"Jaws","year":1975}]"#
        #expect(
            Array(lines.prefix(6)) == [
                "  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)", restored,
                "- 1. Alien (1979)", json,
            ])
        #expect(lines.dropFirst(6).first == "usage: quit", "the help text follows")
        #expect(
            output.lines(.error) == [
                "line 4: unknown command \"bogus\"; type help to see the commands",
                "movies: state file \(path): Input/output error; "
                    + "every edit is in \(path), and the next start restores them all",
            ])
    }

    @Test(.hangGuard)
    func aFirstListThatCannotBeWrittenIsNeverCalledLostEdits() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("new.state")
        let output = RecordingOutput()
        // A new state file: the fetched list is its first, and its fsync fails. No edit ran.
        let status = await MoviesApp.run(
            options: Options(statePath: FileName(path)), api: StubAPI(),
            input: lines("list", "delete 1"), output: output, interactive: false,
            sync: failingSync(for: .files))
        #expect(status == .ioError)
        #expect(
            output.lines(.error) == [
                "movies: state file \(path): Input/output error; \(path) holds no list yet; edits "
                    + "are refused from now on: type save FILE to keep the list",
                "the list is not in state file \(path), which holds none",
                "line 2: delete: refused: the state file cannot keep edits (\(path): Input/output "
                    + "error); the list stays as it is: type save FILE to keep it",
            ])
        #expect(
            output.lines() == [
                "Loading movies…", "  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)",
            ], "the list asked for, never the rows of a list that is not on disk")
        #expect(directory.entries().isEmpty, "no file is left behind")
    }

    @Test(.hangGuard)
    func aClosingFoldThatFailsWithoutEditsNeverCallsThemLost() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("movies.state")
        // A journal line left by an earlier session: the closing fold has something to fold.
        try write(StateFile.bytes(sampleMovies, [.deleted(sampleMovies[0], at: 0)]), to: path)
        let input = ControlledInput()
        let output = RecordingOutput()
        let session = Task {
            await MoviesApp.run(
                options: Options(statePath: FileName(path)), api: StubAPI(), input: input,
                output: output, interactive: false)
        }
        input.type("list")
        await input.untilWaiting()
        directory.remove()
        input.send(.end(final: true))
        #expect(await session.value == .ioError)
        #expect(
            output.lines(.error) == [
                "movies: state file \(path): No such file or directory; \(path) does not hold the "
                    + "list any more"
            ])
    }

    @Test func editsReadTogetherShareOneFsyncAndTheCallerSeesTheJournal() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("state.json")
        var journal: StateFileJournal?
        let status = await MoviesApp.run(
            options: Options(latency: 0, statePath: FileName(path), quiet: true), api: StubAPI(),
            input: lines("delete 1", "move 1 2", "insert Up 2009"), output: RecordingOutput(),
            interactive: false, journalOpened: { journal = $0 })
        #expect(status == .success)
        let opened = try #require(journal)
        // The fetched list becomes the first snapshot (fsync of the file and of its folder: 2);
        // the three edits, all read before the session waits for input, share one commit (1);
        // the end of the session folds the journal into a fresh snapshot (2).
        #expect(opened.syncCount == 5)
        let restored = try StateFile.restore(
            Data(contentsOf: URL(fileURLWithPath: path)), file: path)
        #expect(
            restored.state.movies == [
                Movie(id: 3, title: "Jaws", year: 1975), Movie(id: 2, title: "Heat", year: 1995),
                Movie(id: 4, title: "Up", year: 2009),
            ])
        #expect(restored.journalLines == 0)
    }
}
