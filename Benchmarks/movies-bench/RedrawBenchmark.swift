// Role in the benchmark: section 2, the cost of drawing a Change. The real view controller draws
// into a `CountingOutput` while seeded edits run through the store; what it writes per insert,
// delete and move is set against what a full redraw of the same list writes. A view that redrew
// everything (or diffed the whole list to find what changed) would write as much as the full list
// on every edit.

import MoviesCore
import MoviesFormats
import MoviesTestSupport
import MoviesViews

/// Bytes written by `MoviesViewController` per list change, at one list size.
@MainActor
enum RedrawBenchmark {
    /// The figures for one list size.
    struct Result: Codable, Equatable, Sendable {
        var movies: Int
        /// Changes drawn, over all three kinds.
        var changes: Int
        /// Mean bytes written per change of each kind.
        var insertBytes: Double
        var deleteBytes: Double
        var moveBytes: Double
        /// The most lines any single change wrote.
        var maximumLinesPerChange: Int
        /// Bytes and lines of a full redraw of the list (what `.reloaded` writes).
        var fullRedrawBytes: Int
        var fullRedrawLines: Int
        /// Mean bytes of one row in the full redraw: the unit a change should cost.
        var rowBytes: Double
        /// The largest mean bytes per change, over the three kinds.
        var largestChangeBytes: Double

        /// Derives the row size and the largest change from the counts, so that the JSON
        /// carries every number the table shows.
        init(
            movies: Int, changes: Int, insertBytes: Double, deleteBytes: Double,
            moveBytes: Double, maximumLinesPerChange: Int, fullRedrawBytes: Int,
            fullRedrawLines: Int
        ) {
            self.movies = movies
            self.changes = changes
            self.insertBytes = insertBytes
            self.deleteBytes = deleteBytes
            self.moveBytes = moveBytes
            self.maximumLinesPerChange = maximumLinesPerChange
            self.fullRedrawBytes = fullRedrawBytes
            self.fullRedrawLines = fullRedrawLines
            rowBytes = Double(fullRedrawBytes) / Double(max(fullRedrawLines, 1))
            largestChangeBytes = max(insertBytes, deleteBytes, moveBytes)
        }
    }

    /// Draws `changes` seeded edits of a `size`-movie list and counts what the view writes.
    ///
    /// The edits are drawn from a generator of their own, seeded alike for every size, so the
    /// inserted titles are the same at every N and only the positions (and their digits) differ.
    static func run(movies size: Int, changes: Int, seed: UInt64) throws(BenchmarkFailure) -> Result
    {
        var catalogGenerator = SeededGenerator(seed: seed)
        var editGenerator = SeededGenerator(seed: seed ^ 0x5EED)
        let viewModel = MoviesViewModel(
            api: FakeMoviesAPI(catalogPath: nil),
            state: MoviesState(
                movies: SyntheticCatalog.movies(count: size, using: &catalogGenerator))
        )
        let output = CountingOutput(countsLines: true)
        let view = MoviesViewController(viewModel: viewModel, output: output)
        defer { view.detach() }

        view.render(.reloaded(replaced: []), in: viewModel.state)
        let fullBytes = output.bytes
        let fullLines = output.lines

        var totals = (insert: 0, delete: 0, move: 0)
        var counts = (insert: 0, delete: 0, move: 0)
        var maximumLines = 0
        for action in EditAction.stream(count: changes, size: size, using: &editGenerator) {
            output.reset()
            do {
                switch action {
                case .insert(let title, let year, let index):
                    try viewModel.insert(title: title, year: year, at: index)
                    totals.insert += output.bytes
                    counts.insert += 1
                case .delete(let index):
                    try viewModel.delete(at: index)
                    totals.delete += output.bytes
                    counts.delete += 1
                case .move(let source, let destination):
                    try viewModel.move(from: source, to: destination)
                    totals.move += output.bytes
                    counts.move += 1
                }
            } catch {
                throw BenchmarkFailure(
                    description: "redraw: the store rejected \(action): \(error)")
            }
            guard output.writes == 1 else {
                throw BenchmarkFailure(
                    description: "redraw: \(action) caused \(output.writes) writes, not one redraw")
            }
            maximumLines = max(maximumLines, output.lines)
        }
        func mean(_ total: Int, _ count: Int) -> Double { Double(total) / Double(max(count, 1)) }
        return Result(
            movies: size,
            changes: changes,
            insertBytes: mean(totals.insert, counts.insert),
            deleteBytes: mean(totals.delete, counts.delete),
            moveBytes: mean(totals.move, counts.move),
            maximumLinesPerChange: maximumLines,
            fullRedrawBytes: fullBytes,
            fullRedrawLines: fullLines
        )
    }
}

extension RedrawBenchmark {
    /// The largest mean change at the largest N over the one at the smallest N: how the bytes
    /// per change grow with the list; `nil` without results.
    nonisolated static func growth(_ results: [Result]) -> Double? {
        guard let smallest = results.first, let largest = results.last else { return nil }
        return largest.largestChangeBytes / max(smallest.largestChangeBytes, 1)
    }
}
