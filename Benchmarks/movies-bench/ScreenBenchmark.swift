// Role in the benchmark: section 8, the cost of drawing a Change in place. The real screen view
// draws into a terminal that only counts bytes, on a 40-row window, while seeded edits run through
// the store: edits on visible rows, edits off screen, and spinner frames. Each is set against a
// full repaint of the window, which is what a view that redrew everything would write per edit.

import MoviesCore
import MoviesFormats
import MoviesTestSupport
import MoviesViews
import TerminalIO

/// Bytes the screen view writes per edit and per spinner frame, at one list size.
@MainActor
enum ScreenBenchmark {
    /// The figures for one list size.
    struct Result: Codable, Equatable, Sendable {
        var movies: Int
        var rows: Int
        var columns: Int
        /// Mean bytes per edit on a visible row, by kind.
        var insertBytes: Double
        var deleteBytes: Double
        var moveBytes: Double
        /// Mean bytes per edit of a row below the window (the message and status lines only).
        var offScreenBytes: Double
        /// Bytes of one spinner frame.
        var spinnerBytes: Double
        /// Bytes of a full repaint of the window (what Ctrl-L, a resize or a reload writes).
        var fullRepaintBytes: Int
        /// The largest mean bytes per on-screen edit, over the three kinds.
        var largestEditBytes: Double
    }

    /// A terminal that keeps nothing but the count of bytes written to it.
    final class CountingTerminal: TerminalOutput {
        var bytes = 0
        func write(_ text: String) { bytes += text.utf8.count }
    }

    /// Draws `edits` seeded edits of a `size`-movie list in a `rows` × `columns` window.
    ///
    /// The window shows the list from the middle, so rows above and below it exist at every
    /// size; the on-screen edits pick rows inside it, the off-screen ones rows below it.
    static func run(
        movies size: Int, edits: Int, rows: Int, columns: Int, seed: UInt64
    ) throws(BenchmarkFailure) -> Result {
        var catalogGenerator = SeededGenerator(seed: seed)
        var random = SeededGenerator(seed: seed ^ 0x5C4E)
        let movies = SyntheticCatalog.movies(count: size, using: &catalogGenerator)
        let viewModel = MoviesViewModel(
            api: FakeMoviesAPI(catalogPath: nil),
            state: MoviesState(movies: movies, fetchStatus: .loaded))
        let terminal = CountingTerminal()
        let view = ScreenView(
            viewModel: viewModel, terminal: terminal,
            size: TerminalMode.WindowSize(rows: rows, columns: columns), animates: false)
        view.start()
        view.drawInput(prompt: "movies> ", characters: [], cursor: 0)
        view.scroll(pages: (size / 2) / max(1, view.listRows - 1))
        terminal.bytes = 0
        view.repaintAll()
        let fullRepaint = terminal.bytes

        var totals = (insert: 0, delete: 0, move: 0, off: 0)
        var counts = (insert: 0, delete: 0, move: 0, off: 0)
        for step in 0..<edits {
            let count = viewModel.state.movies.count
            let visible = view.top..<min(count, view.top + view.listRows)
            let below = min(count - 1, view.top + view.listRows)..<count
            terminal.bytes = 0
            do {
                switch step % 4 {
                case 0:
                    let index = Int.random(in: visible, using: &random)
                    try viewModel.insert(title: "Inserted \(step)", year: 2000, at: index)
                    totals.insert += terminal.bytes
                    counts.insert += 1
                case 1:
                    try viewModel.delete(at: Int.random(in: visible, using: &random))
                    totals.delete += terminal.bytes
                    counts.delete += 1
                case 2:
                    try viewModel.move(
                        from: Int.random(in: visible, using: &random),
                        to: Int.random(in: visible, using: &random))
                    totals.move += terminal.bytes
                    counts.move += 1
                default:
                    try viewModel.move(
                        from: Int.random(in: below, using: &random),
                        to: Int.random(in: below, using: &random))
                    totals.off += terminal.bytes
                    counts.off += 1
                }
            } catch {
                throw BenchmarkFailure(description: "screen: the store rejected an edit: \(error)")
            }
        }
        view.stop()

        // The spinner, on a store that is loading.
        let loading = MoviesViewModel(
            api: FakeMoviesAPI(catalogPath: nil),
            state: MoviesState(movies: movies, fetchStatus: .loading))
        let spinnerTerminal = CountingTerminal()
        let spinnerView = ScreenView(
            viewModel: loading, terminal: spinnerTerminal,
            size: TerminalMode.WindowSize(rows: rows, columns: columns), animates: false)
        spinnerView.start()
        spinnerView.drawInput(prompt: "movies> ", characters: [], cursor: 0)
        spinnerTerminal.bytes = 0
        let frames = 100
        for _ in 0..<frames { spinnerView.advanceSpinner() }
        let spinnerBytes = Double(spinnerTerminal.bytes) / Double(frames)
        spinnerView.stop()

        func mean(_ total: Int, _ count: Int) -> Double { Double(total) / Double(max(count, 1)) }
        let insert = mean(totals.insert, counts.insert)
        let delete = mean(totals.delete, counts.delete)
        let move = mean(totals.move, counts.move)
        return Result(
            movies: size, rows: rows, columns: columns, insertBytes: insert, deleteBytes: delete,
            moveBytes: move, offScreenBytes: mean(totals.off, counts.off),
            spinnerBytes: spinnerBytes, fullRepaintBytes: fullRepaint,
            largestEditBytes: max(insert, delete, move))
    }
}

extension ScreenBenchmark.Result {
    /// The largest mean edit over a full repaint of the window.
    var largestEditShare: Double { largestEditBytes / Double(max(fullRepaintBytes, 1)) }
}

extension ScreenBenchmark {
    /// The largest mean edit at the largest N over the one at the smallest N; `nil` without
    /// results.
    nonisolated static func growth(_ results: [Result]) -> Double? {
        guard let smallest = results.first, let largest = results.last else { return nil }
        return largest.largestEditBytes / max(smallest.largestEditBytes, 1)
    }
}
