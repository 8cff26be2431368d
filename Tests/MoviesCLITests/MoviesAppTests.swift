// A whole session in-process: the first fetch, lines fed through an `AsyncStream` as stdin would
// feed them, and the exit status at `quit` or end of input.

import MoviesCore
import Testing

@testable import MoviesCLI

@MainActor
@Suite("MoviesApp session")
struct MoviesAppTests {
    private func lines(_ lines: String...) -> AsyncStream<String> {
        AsyncStream { continuation in
            for line in lines { continuation.yield(line) }
            continuation.finish()
        }
    }

    @Test func aSessionFetchesRunsTheLinesAndSucceeds() async {
        let output = RecordingOutput()
        let status = await MoviesApp.run(
            api: StubAPI(), lines: lines("delete 1", "list"), output: output, interactive: false)
        #expect(status == .success)
        #expect(
            output.lines() == [
                "Loading movies…", "  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)",
                "Loaded 3 movies.", "- 1. Alien (1979)", "  1. Heat (1995)", "  2. Jaws (1975)",
            ])
        #expect(output.prompts == 3, "the recorder counts prompts; only a real terminal shows them")
    }

    @Test func aRejectedLineMakesTheStatusOne() async {
        let output = RecordingOutput()
        let status = await MoviesApp.run(
            api: StubAPI(), lines: lines("list", "delete 7", "list"), output: output,
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
            api: StubAPI(), lines: lines("quit", "delete 7"), output: output, interactive: false)
        #expect(status == .success)
        #expect(output.lines(.error).isEmpty)
    }

    @Test func endOfInputDuringAHangingFetchEndsTheSession() async {
        let output = RecordingOutput()
        let status = await MoviesApp.run(
            api: HangingAPI(), lines: lines(), output: output, interactive: false)
        #expect(status == .success)
        #expect(output.lines() == ["Loading movies…"])
    }

    @Test func quitDuringAHangingFetchEndsTheSession() async {
        let output = RecordingOutput()
        let status = await MoviesApp.run(
            api: HangingAPI(), lines: lines("refresh", "help", "quit"), output: output,
            interactive: false)
        #expect(status == .success)
        #expect(output.lines().first == "Loading movies…")
    }

    @Test func aFailedLoadEndsWithStatusTwo() async {
        let output = RecordingOutput()
        let status = await MoviesApp.run(
            api: StubAPI(failing: true), lines: lines("list"), output: output, interactive: false)
        #expect(status == .loadFailed)
    }

    @Test func anInteractiveSessionPromptsForEveryLine() async {
        let output = RecordingOutput()
        _ = await MoviesApp.run(
            api: StubAPI(), lines: lines("list", "list"), output: output, interactive: true)
        #expect(output.prompts == 3)
        #expect(output.lines().last == "", "Ctrl-D leaves the shell prompt on a fresh line")
    }
}
