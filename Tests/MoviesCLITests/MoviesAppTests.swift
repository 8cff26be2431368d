// A whole session in-process: the first fetch, lines fed through an `AsyncStream` as stdin would
// feed them, and the exit status at `quit` or end of input.

import Foundation
import MoviesCore
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

    @Test func editsReadTogetherShareOneFsyncAndTheCallerSeesTheJournal() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("movies-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("state.json").path
        var journal: StateFileJournal?
        let status = await MoviesApp.run(
            options: Options(latency: 0, statePath: path, quiet: true), api: StubAPI(),
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
