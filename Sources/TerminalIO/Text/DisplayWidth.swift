// Role in the data flow: between the text and the terminal's grid. The input line places its
// cursor and the screen view cuts titles by how many cells text takes on a terminal, which is not
// its count of characters: a CJK ideograph or an emoji takes two cells, a combining accent none.
// Text is always escaped by `TerminalText.escaped` first; widths are measured on what is shown.

/// How many terminal cells text takes.
///
/// Terminals advance the cursor per Unicode scalar, not per user-perceived character: wcwidth's
/// rules give each scalar 2 cells (East Asian Wide and Fullwidth), 0 (nonspacing and enclosing
/// marks, format characters such as the zero-width joiner, Hangul medial vowels and final
/// consonants) or 1 (everything else, spacing marks included). So `क्ष` takes two cells, `👍🏻`
/// four (the skin tone is wide too) and a family joined by zero-width joiners the sum of its
/// members. The tables are those of `DisplayWidthTables` (of its `unicodeVersion`).
///
/// Some terminals draw less (tmux and kitty draw a joined emoji sequence in two cells), which
/// leaves a cut title a little short; some draw more (a symbol widened by VARIATION SELECTOR-16,
/// each half of a flag in two cells, a scalar this Unicode version has not assigned yet), which
/// would wrap a row. `atMost` counts those cells too, and `truncated` cuts by it: the margin
/// that keeps a row on its line on either kind of terminal.
package enum DisplayWidth {
    /// The cells `text` takes: the sum over its scalars.
    package static func of(_ text: some StringProtocol) -> Int {
        of(text.unicodeScalars)
    }

    /// The most cells `text` may take on a terminal that draws wider than wcwidth's rules.
    package static func atMost(_ text: some StringProtocol) -> Int {
        atMost(text.unicodeScalars)
    }

    /// `text` cut to at most `limit` cells on any terminal, ending with `…` when anything was
    /// cut.
    ///
    /// Measured by `atMost`, so that a row cut to the window's width never wraps. Never splits a
    /// character: one that does not fit before the `…` is left out whole, so the result may be
    /// shorter than `limit`. Nothing fits in fewer than one cell, so a `limit` below 1 gives the
    /// empty string.
    package static func truncated(_ text: String, toCells limit: Int) -> String {
        guard limit > 0 else { return "" }
        guard atMost(text) > limit else { return text }
        let ellipsis: Character = "…"
        let room = limit - atMost(String(ellipsis))
        var cells = 0
        var kept = ""
        for character in text {
            let width = atMost(character.unicodeScalars)
            guard cells + width <= room else { break }
            cells += width
            kept.append(character)
        }
        kept.append(ellipsis)
        return kept
    }

    /// `text` in pieces of at most `cells` cells each on any terminal (one empty piece for
    /// empty text), for text that wraps rather than being cut.
    ///
    /// A piece ends between characters; a character wider than a whole piece (one base with
    /// hundreds of marks) is split between its scalars.
    package static func wrapped(_ text: String, toCells cells: Int) -> [String] {
        let cells = max(1, cells)
        var pieces: [String] = []
        var piece = ""
        var width = 0
        func add(_ unit: String, cells unitCells: Int) {
            if width + unitCells > cells, !piece.isEmpty {
                pieces.append(piece)
                piece = ""
                width = 0
            }
            piece += unit
            width += unitCells
        }
        for character in text {
            let characterCells = atMost(character.unicodeScalars)
            guard characterCells > cells else {
                add(String(character), cells: characterCells)
                continue
            }
            for scalar in character.unicodeScalars {
                add(String(scalar), cells: of(scalar) + margin(of: scalar))
            }
        }
        pieces.append(piece)
        return pieces
    }

    /// The cells a scalar takes by wcwidth's rules: 0, 1 or 2.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // Controls never reach the screen raw (they are escaped); Latin-1 and the Latin
        // extensions below the combining marks are all one cell.
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        if isListed(value, in: DisplayWidthTables.zeroWidth) { return 0 }
        if isListed(value, in: DisplayWidthTables.wide) { return 2 }
        return 1
    }

    /// The cells a scalar may take beyond `of(scalar)` on some terminal: 0 or 1.
    static func margin(of scalar: Unicode.Scalar) -> Int {
        scalar.value >= 0x300 && isListed(scalar.value, in: DisplayWidthTables.mayBeWider) ? 1 : 0
    }

    private static func of(_ scalars: some Sequence<Unicode.Scalar>) -> Int {
        var cells = 0
        for scalar in scalars { cells += of(scalar) }
        return cells
    }

    private static func atMost(_ scalars: some Sequence<Unicode.Scalar>) -> Int {
        var cells = 0
        for scalar in scalars { cells += of(scalar) + margin(of: scalar) }
        return cells
    }

    /// Whether `value` is in one of the ranges of `table`, a sorted list of first-last pairs.
    ///
    /// A binary search for the last range starting at or before `value`: a dozen comparisons
    /// in the largest table, where a linear scan would make hundreds for every scalar.
    private static func isListed(_ value: UInt32, in table: [UInt32]) -> Bool {
        var low = 0
        var high = table.count / 2
        while low < high {
            let middle = (low + high) / 2
            if table[2 * middle] <= value {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low > 0 && value <= table[2 * (low - 1) + 1]
    }
}
