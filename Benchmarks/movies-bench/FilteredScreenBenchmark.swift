// Role in the benchmark: section 9's screen view, filtered. The real screen view draws into a
// terminal that only counts bytes (as in section 8), on a 40-row window, with `find` on for a word
// that a given share of the titles holds; the seeded edits of section 9 then run through the
// store. Each edit is measured by the bytes written, the list rows drawn whole and the rows whose
// position digits alone were rewritten, and set against a full repaint of the window. Turning the
// find on (every title searched) is timed too, against folding every title with Foundation.

import Foundation
import MoviesCore
import MoviesTestSupport
import MoviesViews
import TerminalIO

/// Bytes the screen view writes per edit while a find is on, at one list size and match rate.
@MainActor
enum FilteredScreenBenchmark {
    /// The figures for one size and match rate.
    struct Result: Codable, Equatable, Sendable {
        var movies: Int
        /// The share of the list whose titles hold the word searched for, in percent.
        var matchPercent: Int
        /// Movies that match at the start.
        var matches: Int
        var rows: Int
        var columns: Int
        var edits: Int
        /// Mean bytes written per edit, the status and message lines included.
        var bytesPerEdit: Double
        /// The most bytes one edit wrote.
        var largestEditBytes: Int
        /// Mean list rows drawn whole per edit.
        var rowsDrawnPerEdit: Double
        /// Mean list rows whose position digits alone were rewritten, per edit.
        var rowsRenumberedPerEdit: Double
        /// Bytes of a full repaint of the window.
        var fullRepaintBytes: Int
        /// Best time to turn the find on: every title searched (`TitleSearch`), the window drawn.
        var findOnNanoseconds: Double
        /// Folding one title with Foundation and searching it, per title: what searching every
        /// title that way would cost, over a sample of titles.
        var foldNanosecondsPerTitle: Double
        /// Folding every title (per-title cost times N) over turning the find on.
        var findOnSpeedup: Double
    }

    /// The word the matching titles hold; no generated title has it otherwise.
    static let word = "Zephyr"

    /// A terminal that counts the bytes written to it and the list rows they draw.
    private final class CountingTerminal: TerminalOutput {
        /// Rows 1 to `listRows` are the list's.
        let listRows: Int
        /// Whether to find the rows written; off while turning the find on is timed.
        var counts = true
        var bytes = 0
        var rowsDrawn = 0
        var rowsRenumbered = 0

        init(listRows: Int) {
            self.listRows = listRows
        }

        func write(_ text: String) {
            bytes += text.utf8.count
            if counts { count(Array(text.utf8)) }
        }

        func reset() {
            bytes = 0
            rowsDrawn = 0
            rowsRenumbered = 0
        }

        /// Finds the list rows `text` writes: a cursor move to a list row followed by an erase
        /// of the line is a row drawn whole; followed by anything but an escape, a row's digits
        /// written; each `\r\n` after them, the next row's digits (the screen view writes no
        /// other).
        private func count(_ text: [UInt8]) {
            var index = 0
            while index < text.count {
                if text[index] == 0x0D, index + 1 < text.count, text[index + 1] == 0x0A {
                    rowsRenumbered += 1
                    index += 2
                    continue
                }
                guard let (row, end) = Self.cursorMove(in: text, at: index) else {
                    index += 1
                    continue
                }
                index = end
                guard row <= listRows, index < text.count else { continue }
                if Self.startsErase(text, at: index) {
                    rowsDrawn += 1
                } else if text[index] != 0x1B {
                    rowsRenumbered += 1
                }
            }
        }

        /// The row of `ESC [ row ; 1 H` at `index`, and the index after it.
        private static func cursorMove(in text: [UInt8], at index: Int) -> (Int, Int)? {
            guard index + 1 < text.count, text[index] == 0x1B, text[index + 1] == 0x5B else {
                return nil
            }
            var next = index + 2
            var row = 0
            while next < text.count, (0x30...0x39).contains(text[next]) {
                row = row * 10 + Int(text[next] - 0x30)
                next += 1
            }
            let tail: [UInt8] = [0x3B, 0x31, 0x48]  // ";1H"
            guard next > index + 2, next + 3 <= text.count, Array(text[next..<next + 3]) == tail
            else { return nil }
            return (row, next + 3)
        }

        /// Whether `ESC [ 2 K` starts at `index`.
        private static func startsErase(_ text: [UInt8], at index: Int) -> Bool {
            index + 4 <= text.count && Array(text[index..<index + 4]) == [0x1B, 0x5B, 0x32, 0x4B]
        }
    }

    /// Draws `edits` seeded edits of a `size`-movie list whose titles hold `word` for `percent`
    /// of them, in a `rows` × `columns` window showing the matches from their middle.
    static func run(
        movies size: Int, percent: Int, edits: Int, rows: Int, columns: Int, rounds: Int,
        seed: UInt64
    ) throws(BenchmarkFailure) -> Result {
        var generator = SeededGenerator(seed: seed)
        let matching = FilterBenchmark.matching(percent)
        let movies = SyntheticCatalog.movies(count: size, using: &generator).map { movie in
            matching(movie) ? Self.marked(movie) : movie
        }
        var marks = SeededGenerator(seed: seed ^ 0xF1D)
        let actions = EditAction.stream(count: edits, size: size, using: &generator).map {
            action -> EditAction in
            guard case .insert(let title, let year, let index) = action,
                Int.random(in: 0..<100, using: &marks) < percent
            else { return action }
            return .insert(title: "\(word) \(title)", year: year, at: index)
        }
        let search = TitleSearch(word.lowercased())

        let viewModel = MoviesViewModel(
            api: FakeMoviesAPI(catalogPath: nil),
            state: MoviesState(movies: movies, fetchStatus: .loaded))
        let terminal = CountingTerminal(listRows: max(0, rows - 3))
        let view = ScreenView(
            viewModel: viewModel, terminal: terminal,
            size: TerminalMode.WindowSize(rows: rows, columns: columns), animates: false)
        view.start()
        view.drawInput(prompt: "movies> ", characters: [], cursor: 0)
        var findOn = Samples()
        terminal.counts = false
        for _ in 0..<max(1, rounds) {
            findOn.append(Stopwatch.time { view.showMatches(of: search, in: movies) })
        }
        terminal.counts = true
        let matches = movies.count(where: search.matches)
        view.scroll(pages: (matches / 2) / max(1, view.listRows - 1))
        terminal.reset()
        view.repaintAll()
        let fullRepaint = terminal.bytes

        var total = (bytes: 0, drawn: 0, renumbered: 0)
        var largest = 0
        for action in actions {
            terminal.reset()
            do {
                try viewModel.send(action.action)
            } catch {
                throw BenchmarkFailure(description: "find: the store rejected \(action): \(error)")
            }
            total.bytes += terminal.bytes
            total.drawn += terminal.rowsDrawn
            total.renumbered += terminal.rowsRenumbered
            largest = max(largest, terminal.bytes)
        }
        view.stop()

        let perEdit = Double(max(actions.count, 1))
        let fold = foldNanosecondsPerTitle(movies)
        return Result(
            movies: size, matchPercent: percent, matches: matches, rows: rows, columns: columns,
            edits: actions.count, bytesPerEdit: Double(total.bytes) / perEdit,
            largestEditBytes: largest, rowsDrawnPerEdit: Double(total.drawn) / perEdit,
            rowsRenumberedPerEdit: Double(total.renumbered) / perEdit,
            fullRepaintBytes: fullRepaint, findOnNanoseconds: findOn.best,
            foldNanosecondsPerTitle: fold,
            findOnSpeedup: fold * Double(size) / max(findOn.best, 1))
    }

    /// `movie` with the word at the start of its title.
    private static func marked(_ movie: Movie) -> Movie {
        Movie(id: movie.id, title: "\(word) \(movie.title)", year: movie.year)
    }

    /// The time to fold a title with Foundation, as `TitleSearch.fold` does for a title beyond
    /// printable ASCII, and search it for the folded word, per title,
    /// over the first 2,000 titles (folding them all at 100,000 movies would take seconds).
    private static func foldNanosecondsPerTitle(_ movies: [Movie]) -> Double {
        let sample = movies.prefix(2_000)
        let folded = TitleSearch.fold(word)
        var found = 0
        let nanoseconds = Stopwatch.time {
            for movie in sample where TitleSearch.fold(movie.title).contains(folded) {
                found += 1
            }
        }
        // Used, so the loop is not dead code.
        return found < 0 ? 0 : nanoseconds / Double(max(sample.count, 1))
    }
}

extension FilteredScreenBenchmark {
    /// How the bytes per edit of one match rate grow from the smallest N to the largest.
    ///
    /// Worked out once, here, for both the target check and the page's prose, so that they judge
    /// the same growth between the same sizes.
    struct Growth: Equatable, Sendable {
        var matchPercent: Int
        /// The smallest size whose matches fill the window, and the largest size.
        var smallest: Result
        var largest: Result
        /// The mean edit at `largest` over the one at `smallest`.
        var factor: Double
    }

    /// One growth per match rate, in the order of the rates, from the smallest N whose matches
    /// fill the window (fewer matches than rows make edits cheaper, for a reason that is not N);
    /// a rate with a single such size has none.
    nonisolated static func growths(_ results: [Result]) -> [Growth] {
        var percents: [Int] = []
        for result in results where !percents.contains(result.matchPercent) {
            percents.append(result.matchPercent)
        }
        return percents.compactMap { percent in
            let full = results.filter { $0.matchPercent == percent && $0.matches >= $0.rows - 3 }
            guard let smallest = full.first, let largest = full.last, smallest != largest else {
                return nil
            }
            return Growth(
                matchPercent: percent, smallest: smallest, largest: largest,
                factor: largest.bytesPerEdit / max(smallest.bytesPerEdit, 1))
        }
    }
}
