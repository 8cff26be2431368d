// Every file the app writes, it reads back: the list's size as a file is kept exactly from the
// store's Changes, an insert that would take the list past the bound is refused with the state as
// it was, and `save` refuses to write a catalog larger than a catalog may be. The bound is given
// small here; the real one is `Catalog.maximumFileSize`, the catalog reader's own.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCLI
@testable import MoviesCore
@testable import MoviesFormats

@MainActor
@Suite("ListFileSize", .hangGuard)
struct ListFileSizeTests {
    /// A runner over `harness`'s store with the list's file bound at `limit` bytes.
    private func runner(_ harness: Harness, limit: Int) -> CommandRunner {
        CommandRunner(
            viewModel: harness.viewModel, view: harness.view, output: harness.output,
            numbering: .lines, fileSizeLimit: limit)
    }

    /// What the list takes as a file with "Up" (2009) inserted at the end.
    private func sizeWithUp(_ viewModel: MoviesViewModel) -> Int {
        let up = Movie(id: viewModel.state.nextID, title: "Up", year: 2009)
        return CatalogSize.file(viewModel.state.movies + [up])
    }

    @Test func anInsertThatFillsTheBoundExactlyIsAccepted() async {
        let harness = await Harness.loaded()
        let runner = runner(harness, limit: sizeWithUp(harness.viewModel))
        _ = await runner.run("insert Up 2009", number: 1)
        #expect(harness.output.lines(.error) == [])
        #expect(harness.viewModel.state.movies.last?.title == "Up")
        let written = Catalog.jsonLine(harness.viewModel.state.movies).utf8.count + 1
        #expect(written == runner.fileSizeLimit)
    }

    @Test func anInsertOneBytePastTheBoundIsRefusedAndChangesNothing() async {
        let harness = await Harness.loaded()
        await harness.run("delete 1")
        let before = harness.viewModel.state
        let limit = sizeWithUp(harness.viewModel) - 1
        let runner = runner(harness, limit: limit)
        harness.output.clear()
        _ = await runner.run("insert Up 2009", number: 2)
        #expect(
            harness.output.lines(.error) == [
                "line 2: insert: the list would take \(limit + 1) bytes as a file, more than the "
                    + "\(limit) a catalog or state file may hold to be read back; nothing was "
                    + "changed; delete some movies, or shorten titles, first"
            ])
        #expect(harness.viewModel.state == before, "the state is exactly as it was")
        #expect(runner.exitStatus == .commandRejected)
        // Nothing entered the history: undo takes back the delete before it.
        _ = await runner.run("undo", number: 3)
        #expect(harness.viewModel.state.movies == sampleMovies)
    }

    @Test func aRenameOneBytePastTheBoundIsRefusedAndChangesNothing() async {
        let harness = await Harness.loaded()
        let before = harness.viewModel.state
        let grown = [Movie(id: 1, title: "Aliens", year: 1979)] + sampleMovies.dropFirst()
        let limit = CatalogSize.file(grown) - 1
        let runner = runner(harness, limit: limit)
        _ = await runner.run("rename 1 Aliens", number: 1)
        #expect(
            harness.output.lines(.error) == [
                "line 1: rename: the list would take \(limit + 1) bytes as a file, more than the "
                    + "\(limit) a catalog or state file may hold to be read back; nothing was "
                    + "changed; delete some movies, or shorten titles, first"
            ])
        #expect(harness.viewModel.state == before, "the state is exactly as it was")
        #expect(runner.exitStatus == .commandRejected)
        #expect(runner.unsavedEdits == 0)
        // A title as long, or shorter, fits: only growing past the bound is refused.
        _ = await runner.run("rename 1 Alion", number: 2)
        _ = await runner.run("rename 2 Hot", number: 3)
        #expect(harness.viewModel.state.movies.map(\.title) == ["Alion", "Hot", "Jaws"])
        #expect(runner.rejectedCount == 1)
    }

    @Test func aRatingOneBytePastTheBoundIsRefusedAndChangesNothing() async {
        let harness = await Harness.loaded()
        let before = harness.viewModel.state
        let rated = [sampleMovies[0].rated(5)] + sampleMovies.dropFirst()
        let limit = CatalogSize.file(rated) - 1
        let runner = runner(harness, limit: limit)
        _ = await runner.run("rate 1 5", number: 1)
        #expect(
            harness.output.lines(.error) == [
                "line 1: rate: the list would take \(limit + 1) bytes as a file, more than the "
                    + "\(limit) a catalog or state file may hold to be read back; nothing was "
                    + "changed; delete some movies, or shorten titles, first"
            ])
        #expect(harness.viewModel.state == before, "the state is exactly as it was")
        #expect(runner.unsavedEdits == 0)
        // Taking no rating away never grows the list.
        _ = await runner.run("rate 1 none", number: 2)
        #expect(runner.rejectedCount == 1)
    }

    @Test func saveRefusesAListPastTheBoundAndWritesNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let harness = await Harness.loaded()
        let size = CatalogSize.file(harness.viewModel.state.movies)
        let path = directory.path("saved.json")
        _ = await runner(harness, limit: size - 1).run("save \(path)", number: 1)
        #expect(
            harness.output.lines(.error) == [
                "line 1: save: the list takes \(size) bytes as a file, more than the \(size - 1) "
                    + "a catalog or state file may hold to be read back; nothing was written; "
                    + "delete some movies, or shorten titles, first"
            ])
        #expect(directory.entries() == [])
        _ = await runner(harness, limit: size).run("save \(path)", number: 2)
        #expect(contents(of: path)?.count == size, "at the bound, save writes")
    }

    @Test func theSizeFollowsEveryKindOfChange() async {
        let harness = await Harness.loaded()
        let size = ListFileSize(viewModel: harness.viewModel)
        let check = { #expect(size.bytes == CatalogSize.file(harness.viewModel.state.movies)) }
        check()
        for line in [
            "insert \"A \\\"quoted\\\" title\" 1999 1", "delete 2", "move 1 3", "undo", "undo",
            "redo", "refresh", "insert Up 2009", "undo", "undo", "redo",
            "rename 1 A \\\"longer\\\" title, now", "rename 2 Up", "undo", "redo",
            "rate 1 5", "rate 1 3", "rate 1 none", "undo", "redo",
        ] {
            await harness.run(line)
            await harness.viewModel.settleFetch()
            check()
        }
    }

    @Test func theDefaultBoundIsTheCatalogReadersOwn() async {
        let harness = await Harness.loaded()
        #expect(harness.runner.fileSizeLimit == Catalog.maximumFileSize)
    }
}
