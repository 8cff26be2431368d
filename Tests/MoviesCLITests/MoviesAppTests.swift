// A whole session in-process: the first fetch, lines fed through an `AsyncStream` as stdin would
// feed them, and the exit status at `quit` or end of input.

import MoviesCore
import MoviesTestSupport
import Testing

@testable import MoviesCLI

@MainActor
@Suite("MoviesApp session")
struct MoviesAppTests {
    private func lines(_ lines: String...) -> ScriptInput {
        ScriptInput(lines)
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

    @Test func endOfInputDuringAHangingFetchEndsTheSession() async {
        let output = RecordingOutput()
        let status = await MoviesApp.run(
            api: HangingAPI(), input: lines(), output: output, interactive: false)
        #expect(status == .success)
        #expect(output.lines() == ["Loading movies…"])
    }

    @Test func quitDuringAHangingFetchEndsTheSession() async {
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

    @Test func anInteractiveSessionPromptsForEveryLine() async {
        let output = RecordingOutput()
        _ = await MoviesApp.run(
            api: StubAPI(), input: TypedInput(["list", "list"]), output: output, interactive: true)
        #expect(output.prompts == 3, "a prompt before each line is typed, and before Ctrl-D")
        #expect(output.lines().last == "", "Ctrl-D leaves the shell prompt on a fresh line")
    }

    @Test(.timeLimit(.minutes(1)))
    func aStateFileThatFailsAtTheEndIsReportedOnceWithStatus74() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("movies.state")
        try write(StateFile.snapshot(sampleMovies), to: path)
        let input = ControlledInput()
        let output = RecordingOutput()
        let session = Task {
            await MoviesApp.run(
                options: Options(statePath: path), api: StubAPI(), input: input, output: output,
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
                    + "the edits since the last commit are lost"
            ])
        #expect(output.lines().last == "- 1. Alien (1979)", "the edit was committed and drawn")
    }
}
