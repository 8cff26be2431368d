// Role in the data flow: how one movie looks in the screen view. `ScreenView` asks for a row's
// text when it draws a row, and for a row's position number alone when rows only moved and just
// their numbers are out of date.

import MoviesCore
import SystemBoundary
import TerminalIO

/// The text of list rows in the screen view: `  12. Blade Runner (1982) ★★★★★`, cut to the
/// window.
///
/// The position is right-aligned in a column of `numberWidth` digits, so that renumbering a row
/// rewrites exactly that column and never the title. The title is escaped (untrusted text never
/// reaches the terminal raw) and cut by display width with `…`, with the margin
/// `DisplayWidth.truncated` keeps, so the row never wraps and its details (`MovieDetails`: the
/// year, the rating) are never cut.
struct ScreenRow: Equatable, Sendable {
    /// Digits in the position column.
    let numberWidth: Int
    /// The window's width in cells.
    let columns: Int

    /// The number column wide enough for `count` rows, with one digit to spare so that a list
    /// growing tenfold is needed before the column (and so the whole list) must be redrawn.
    static func numberWidth(for count: Int) -> Int {
        DecimalText.digitCount(max(count, 1)) + 1
    }

    /// The cells the position column takes: the digits and the `. ` after them.
    var numberCells: Int { numberWidth + 2 }

    /// The whole row for `movie` at the 0-based `index`.
    func text(_ movie: Movie, at index: Int) -> String {
        guard columns > numberCells else { return String(number(index).prefix(max(0, columns))) }
        let details = MovieDetails.text(of: movie)
        let room = columns - numberCells - DisplayWidth.of(details)
        let title = TerminalText.escaped(movie.title)
        let shown =
            room >= 2
            ? DisplayWidth.truncated(title, toCells: room) + details
            : DisplayWidth.truncated(title + details, toCells: max(0, columns - numberCells))
        return number(index) + shown
    }

    /// The position column for the 0-based `index`: `  12. `.
    func number(_ index: Int) -> String {
        digits(index) + ". "
    }

    /// The digits of the position column alone, right-aligned: `  12`.
    ///
    /// What renumbering a row that only shifted writes; the `. ` after them is already there.
    func digits(_ index: Int) -> String {
        let digits = String(index + 1)
        let padding = max(0, numberWidth - digits.count)
        return String(repeating: " ", count: padding) + digits
    }
}
