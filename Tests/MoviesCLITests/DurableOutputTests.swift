// Output held for the disk: rows drawn for an edit reach the real output only once the journal has
// committed it, in the order they were drawn; other output passes at once; rows of edits that never
// reached the disk are dropped; a long burst forces a commit instead of growing without bound.

import Foundation
import MoviesTestSupport
import SystemBoundary
import Testing

@testable import MoviesCLI
@testable import MoviesCore
@testable import MoviesFormats
@testable import MoviesViews
@testable import TerminalIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@MainActor
@Suite("DurableOutput")
struct DurableOutputTests {
    /// A journaled store drawing through a `DurableOutput` into a recorder.
    @MainActor
    private struct Setup {
        let directory: TemporaryDirectory
        let journal: StateFileJournal
        let viewModel: MoviesViewModel
        let durable: DurableOutput
        let output = RecordingOutput()
        let view: MoviesViewController
        let runner: CommandRunner

        /// - Parameter watched: whether the gate is among the store's middleware.
        init(sync: FileSync = .system, watched: Bool = true) throws {
            directory = try TemporaryDirectory()
            let path = directory.path("movies.state")
            try write(StateFile.snapshot(sampleMovies), to: path)
            let restored: MoviesState?
            (journal, restored) = try StateFileJournal.start(path: FileName(path), sync: sync)
            durable = DurableOutput(output: output, journal: journal)
            journal.onFailure = { [weak durable] _ in durable?.journalFailed() }
            viewModel = MoviesViewModel(
                api: StubAPI(), state: restored ?? MoviesState(),
                middleware: watched ? [journal, durable] : [journal])
            view = MoviesViewController(viewModel: viewModel, output: durable)
            runner = CommandRunner(
                viewModel: viewModel, view: view, output: durable, numbering: .lines)
        }
    }

    @Test func outputPassesAtOnceWhenNoEditWaitsForTheDisk() throws {
        let setup = try Setup()
        defer { setup.directory.remove() }
        _ = setup.runner.run(ListCommand(json: false), number: 1)
        _ = setup.runner.run(HelpCommand(topic: UndoCommand.reference), number: 2)
        #expect(setup.output.lines().first == "  1. Alien (1979)")
        #expect(setup.output.writes.count == 2)
        setup.durable.showPrompt()
        #expect(setup.output.prompts == 1)
    }

    @Test func rowsOfAnEditWaitForTheCommitAndThenComeInOrder() throws {
        let setup = try Setup()
        defer { setup.directory.remove() }
        _ = setup.runner.run(DeleteCommand(position: 1), number: 1)
        _ = setup.runner.run(DeleteCommand(position: 7), number: 2)
        _ = setup.runner.run(MoveCommand(from: 1, to: 2), number: 3)
        setup.durable.showPrompt()
        #expect(setup.output.writes.isEmpty, "nothing is shown before the journal is on disk")
        #expect(setup.output.prompts == 1, "the prompt is not held")

        setup.journal.commit()
        let texts: [String] = [
            "- 1. Alien (1979)\n",
            "line 2: delete: position 7 is out of range; valid positions are 1–2\n",
            "↕ 1 → 2. Heat (1995)\n",
        ]
        let channels: [OutputChannel] = [.standard, .error, .standard]
        #expect(setup.output.writes.map(\.text) == texts)
        #expect(setup.output.writes.map(\.channel) == channels)
        #expect(setup.journal.syncCount == 1)

        _ = setup.runner.run(ListCommand(json: false), number: 4)
        #expect(setup.output.lines().suffix(2) == ["  1. Jaws (1975)", "  2. Heat (1995)"])
    }

    @Test func rowsHeldWhenTheJournalFailsAreNeverShownButTheWayOutIs() throws {
        let setup = try Setup()
        defer { setup.directory.remove() }
        _ = setup.runner.run(DeleteCommand(position: 1), number: 1)
        setup.directory.remove()
        setup.journal.finish(setup.viewModel.state.movies)
        #expect(setup.journal.failure != nil)
        setup.journal.commit()
        #expect(setup.output.writes.isEmpty, "the delete's row is dropped")
        // The session ends; the screen view gives the terminal back through this same output.
        setup.durable.write("\u{1B}[?1049l", to: .standard)
        #expect(setup.output.writes.map(\.text) == ["\u{1B}[?1049l"])
    }

    @Test func anEditWhoseCommitFsyncFailsDrawsNoRow() throws {
        let setup = try Setup(sync: failingSync(for: .files))
        defer { setup.directory.remove() }
        _ = setup.runner.run(DeleteCommand(position: 1), number: 1)
        setup.journal.commit()
        #expect(setup.journal.failure != nil, "the failed fsync is reported")
        #expect(setup.output.writes.isEmpty, "the row of an edit not on disk is never drawn")
    }

    @Test func whenTheJournalFailsOnlyTheRowsOfEditsAreDroppedAndTheRestPassesInOrder() throws {
        let setup = try Setup(sync: failingSync(for: .files))
        defer { setup.directory.remove() }
        let commands: [any Command] = [
            DeleteCommand(position: 1), ListCommand(json: true),
            HelpCommand(topic: UndoCommand.reference), DeleteCommand(position: 7),
            MoveCommand(from: 1, to: 2),
        ]
        for (index, command) in commands.enumerated() {
            _ = setup.runner.run(command, number: index + 1)
        }
        #expect(setup.output.writes.isEmpty, "everything waits for the disk")
        setup.journal.commit()
        #expect(setup.journal.failure != nil, "the failed fsync is reported")

        // The same commands on a store without a state file: what a user would have seen.
        let reference = RecordingOutput()
        let viewModel = MoviesViewModel(
            api: StubAPI(), state: MoviesState(movies: sampleMovies, fetchStatus: .loaded))
        let view = MoviesViewController(viewModel: viewModel, output: reference)
        let runner = CommandRunner(
            viewModel: viewModel, view: view, output: reference, numbering: .lines)
        for (index, command) in commands.enumerated() {
            _ = runner.run(command, number: index + 1)
        }
        let edits = ["- 1. Alien (1979)\n", "↕ 1 → 2. Heat (1995)\n"]
        #expect(reference.writes.filter { edits.contains($0.text) }.map(\.text) == edits)
        let others = reference.writes.filter { !edits.contains($0.text) }
        #expect(others.count == 3, "the JSON, the help text and the error")
        #expect(setup.output.writes.map(\.text) == others.map(\.text))
        #expect(setup.output.writes.map(\.channel) == others.map(\.channel))
        #expect(
            setup.output.lines(.error) == [
                "line 4: delete: position 7 is out of range; valid positions are 1–2"
            ])
    }

    @Test func aGateThatDoesNotSeeTheActionsDropsEverythingItHoldsOnAFailure() throws {
        let setup = try Setup(sync: failingSync(for: .files), watched: false)
        defer { setup.directory.remove() }
        _ = setup.runner.run(DeleteCommand(position: 1), number: 1)
        _ = setup.runner.run(ListCommand(json: true), number: 2)
        setup.journal.commit()
        #expect(setup.journal.failure != nil)
        #expect(setup.output.writes.isEmpty, "it cannot tell the delete's row from the JSON")
    }

    @Test func aBurstPastTheBoundForcesACommit() throws {
        let setup = try Setup()
        defer { setup.directory.remove() }
        _ = setup.runner.run(DeleteCommand(position: 1), number: 1)
        let bound = DurableOutput.maximumHeldBytes
        let row = "- 1. Alien (1979)\n"
        setup.durable.write(
            String(repeating: "x", count: bound - 1 - row.utf8.count), to: .standard)
        #expect(setup.output.writes.isEmpty, "up to the bound, text waits")
        setup.durable.write("y\n", to: .error)
        let sizes: [Int] = [row.utf8.count, bound - 1 - row.utf8.count, 2]
        let channels: [OutputChannel] = [.standard, .standard, .error]
        #expect(setup.output.writes.map(\.text.utf8.count) == sizes)
        #expect(setup.output.writes.map(\.channel) == channels)
        #expect(!setup.journal.holdsOutput)
        #expect(setup.journal.syncCount == 1)
        setup.durable.write("z\n", to: .standard)
        #expect(setup.output.writes.count == 4, "after the commit, output passes again")
    }

    @Test func aBurstDrawnForAnEditWaitsForThatEditsJournalLine() throws {
        let setup = try Setup()
        defer { setup.directory.remove() }
        let path = setup.directory.path("movies.state")
        let linesBefore = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        // A subscriber after the view draws past the bound while the delete is delivered: the
        // store has not yet handed the action to the journal, so nothing may be released yet.
        var heldDuringDelivery: Bool?
        let bound = DurableOutput.maximumHeldBytes
        setup.viewModel.subscribe { [weak durable = setup.durable, output = setup.output] _, _ in
            durable?.write(String(repeating: "x", count: bound) + "\n", to: .standard)
            heldDuringDelivery = output.writes.isEmpty
        }
        _ = setup.runner.run(DeleteCommand(position: 1), number: 1)
        #expect(heldDuringDelivery == true)
        // Right after the action: its line is written, synced, and then the rows are released.
        let linesAfter = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(linesAfter.count == linesBefore.count + 1)
        #expect(setup.journal.syncCount == 1)
        let sizes: [Int] = ["- 1. Alien (1979)\n".utf8.count, bound + 1]
        #expect(setup.output.writes.map(\.text.utf8.count) == sizes)
        #expect(!setup.journal.holdsOutput)
    }
}
