// Role in the data flow: a helper of the line view. It turns movies into the text of their rows,
// `3. Alien (1979) ★★★★☆`, one row, the whole list or the matches of a find; the view decides
// when to draw which. Many rows are built as bytes, which is what keeps drawing 100,000 rows cheap.

import MoviesCore
import SystemBoundary

/// The text of list rows in the line view.
enum RowText {
    /// `3. Alien (1979)`: a movie at a 0-based `index`, shown at its 1-based position, its title
    /// escaped for the terminal, then its details (`MovieDetails`).
    static func row(_ movie: Movie, at index: Int) -> String {
        var bytes: [UInt8] = []
        appendRow(movie, at: index, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every row of `movies`, one a line, positions right-aligned so the titles line up.
    static func list(_ movies: [Movie]) -> String {
        rows(zip(movies.indices, movies), count: movies.count)
    }

    /// Some rows of a list of `count` movies, each a 0-based index with its movie, one a line,
    /// aligned as `list` aligns them: `find` prints its matches so, each where `list` has it.
    static func rows(_ rows: some Sequence<(Int, Movie)>, count: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rows.underestimatedCount * 32)
        let width = DecimalText.digitCount(count)
        for (index, movie) in rows {
            let padding = 2 + width - DecimalText.digitCount(index + 1)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding))
            appendRow(movie, at: index, to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTF-8 of `row(movie, at: index)` to `bytes`.
    ///
    /// A full redraw appends every row to one byte buffer and makes a single string of it at
    /// the end. Building each row as a string of its own first (an interpolation, then string
    /// appends that each re-check capacity and encoding) made the first render of a
    /// 100,000-movie catalog cost an eighth of decoding it; appending bytes halves that.
    private static func appendRow(_ movie: Movie, at index: Int, to bytes: inout [UInt8]) {
        DecimalText.append(index + 1, to: &bytes)
        bytes.append(contentsOf: ". ".utf8)
        bytes.append(contentsOf: TerminalText.escaped(movie.title).utf8)
        MovieDetails.append(movie, to: &bytes)
    }
}
