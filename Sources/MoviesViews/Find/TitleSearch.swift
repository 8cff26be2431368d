// Role in the data flow: the predicate of `find`, supplied to the core from outside. The command
// makes one from the typed text; the line view filters the list with it once, and the screen
// view hands it to a `FilteredList`, which asks it about the rows a Change touches. Matching
// ignores case, diacritics and compatibility forms, which takes Foundation: the core imports nothing, so the rule
// lives here, beside the views that show its answers.
//
//   find TEXT ─► TitleSearch ─► FilteredList(matching:) ─► the rows that match

import Foundation
import MoviesCore
import SystemBoundary
import TerminalIO

/// A search of titles for a text, ignoring case, diacritics and compatibility forms: `amelie`
/// finds `Amélie`, `É` finds `e`, `STRASSE` finds `Straße`, `dz` finds `ǅungla`, `the` finds
/// `ＴＨＥ` and `ＴＨＥ` finds `the`.
///
/// The text is folded once, when the search is made; each title is folded when it is asked
/// about (`matches`), every time: the derived list asks only about the rows a Change touches,
/// so keeping folded titles would cost memory for every movie and save little. Folding is
/// Foundation's: the compatibility decomposition (NFKD: a ligature or a digraph becomes its
/// letters, a fullwidth or a circled letter the letter), then
/// `folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)`, with the same
/// answer computed without it for titles of printable ASCII, which are most (`ASCIIFolding`, in
/// Internal/). Folded text is compared `Character` by `Character`, so a
/// Hangul syllable finds itself written as its jamo.
package struct TitleSearch: Equatable, Sendable {
    /// The text as the user typed it: what messages quote (escaped).
    private let text: String
    /// The text folded.
    private let folded: String
    /// The folded text's bytes, when it is printable ASCII: what a printable ASCII title is
    /// searched for.
    private let foldedASCII: [UInt8]?

    /// A search for `text`; a title matches when its folded form contains the folded `text`.
    package init(_ text: String) {
        self.text = text
        folded = Self.fold(text)
        foldedASCII = ASCIIFolding.isPrintable(folded.utf8) ? Array(folded.utf8) : nil
    }

    /// Whether `movie`'s title contains the text, ignoring case, diacritics and compatibility
    /// forms.
    package func matches(_ movie: Movie) -> Bool {
        if let found = ASCIIFolding.contains(movie.title, foldedASCII) { return found }
        return Self.fold(movie.title).contains(folded)
    }

    /// `text` without compatibility forms, case or diacritics, as Foundation folds it.
    ///
    /// The compatibility decomposition comes first, so that what it uncovers is folded too:
    /// `ǅ` becomes `D`, `z` and a caron, and then `dz`. Case folding alone folds some forms
    /// (`ﬁ` to `fi`) and not others (`ǅ` to `ǆ`, `Ｔ` to `ｔ`), which made "fi" find "ﬁ" while
    /// "dz" missed "ǅungla".
    package static func fold(_ text: String) -> String {
        text.decomposedStringWithCompatibilityMapping.folding(
            options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The text quoted for a message, escaped and cut: `“night”`.
    package var quoted: String {
        "“\(TerminalText.excerpt(text, limit: 60))”"
    }

    /// What the search found, in a few words: `3 of 30 movies match “the”`, `1 of 30 movies
    /// matches “jaws”`, `No movie matches “xyz” (30 movies)`.
    ///
    /// The line view prints it under the rows; the screen view's status line shows it in place
    /// of the count, in the room the state beside it leaves (`fitting`, in cells): the quoted
    /// text is cut with `…`, by display width, so that the counts and the state stay whole.
    package func summary(matches: Int, of total: Int, fitting cells: Int = .max) -> String {
        let whole = summary(matches: matches, of: total, quoting: quoted)
        guard DisplayWidth.atMost(whole) > cells else { return whole }
        let rest = DisplayWidth.atMost(summary(matches: matches, of: total, quoting: "“”"))
        let inside = String(quoted.dropFirst().dropLast())
        // One cell at least, for the `…`: a window too narrow for that is cut by the view.
        let cut = DisplayWidth.truncated(inside, toCells: max(1, cells - rest))
        return summary(matches: matches, of: total, quoting: "“\(cut)”")
    }

    /// The summary with `quoted` for the text.
    private func summary(matches: Int, of total: Int, quoting quoted: String) -> String {
        switch matches {
        case 0: return "No movie matches \(quoted) (\(Counted(total, "movie")))"
        default:
            let verb = Counted(matches, "movie").word(one: "matches", other: "match")
            return "\(matches) of \(Counted(total, "movie")) \(verb) \(quoted)"
        }
    }
}
