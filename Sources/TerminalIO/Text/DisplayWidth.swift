// Role in the data flow: between the text and the terminal's grid. The input line places its
// cursor and the screen view cuts titles by how many cells text takes on a terminal, which is not
// its count of characters: a CJK ideograph or an emoji takes two cells, a combining accent none.
// Text is always escaped by `TerminalText.escaped` first; widths are measured on what is shown.

/// How many terminal cells text takes.
///
/// Terminals decide widths per Unicode scalar, from the East Asian Width property (wide and
/// fullwidth scalars take two cells) and a list of zero-width scalars, much as glibc's `wcwidth`
/// does. A user-perceived character (a `Character`, one grapheme cluster) is measured by its first
/// scalar: the rest of the cluster (combining marks, variation selectors, skin-tone modifiers and
/// whatever a zero-width joiner joins) draws into the same cells. That matches what terminals
/// draw for ordinary text, accents and emoji. A variation selector 16 does not widen a symbol
/// that is narrow by default (`❤️` is one cell), as in xterm, VTE and `wcwidth`; terminals that
/// widen it show such a symbol one cell wider than the app assumes.
package enum DisplayWidth {
    /// The cells `character` takes: 2 for wide, 0 for zero-width, otherwise 1.
    package static func of(_ character: Character) -> Int {
        // Printable ASCII is most of what is typed and shown; no property lookups for it.
        if let ascii = character.asciiValue {
            return ascii >= 0x20 && ascii < 0x7F ? 1 : 0
        }
        guard let first = character.unicodeScalars.first else { return 0 }
        return of(first)
    }

    /// The cells `text` takes: the sum over its characters.
    package static func of(_ text: some StringProtocol) -> Int {
        var cells = 0
        for character in text {
            cells += of(character)
        }
        return cells
    }

    /// `text` cut to at most `limit` cells, ending with `…` when anything was cut.
    ///
    /// Never splits a character: a wide character that does not fit before the `…` is left out
    /// whole, so the result may be a cell shorter than `limit`. Nothing fits in fewer than one
    /// cell, so a `limit` below 1 gives the empty string.
    package static func truncated(_ text: String, toCells limit: Int) -> String {
        guard limit > 0 else { return "" }
        guard of(text) > limit else { return text }
        let ellipsis: Character = "…"
        let room = limit - of(ellipsis)
        var cells = 0
        var kept = ""
        for character in text {
            let width = of(character)
            guard cells + width <= room else { break }
            cells += width
            kept.append(character)
        }
        kept.append(ellipsis)
        return kept
    }

    /// The cells a scalar takes on its own.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        if isZeroWidth(scalar) { return 0 }
        if scalar.properties.isEmojiPresentation || isEastAsianWide(value) { return 2 }
        return 1
    }

    /// The general categories whose scalars draw on the cell before them.
    private static let marksAndFormats: Set<Unicode.GeneralCategory> = [
        .nonspacingMark, .enclosingMark, .format,
    ]

    /// Whether a scalar draws on the cell before it instead of a cell of its own.
    ///
    /// Combining marks, format characters (zero-width space and joiners), variation selectors
    /// and emoji modifiers do; so do Hangul medial vowels and final consonants (conjoining
    /// jamo), which join the initial consonant's two cells.
    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        if marksAndFormats.contains(scalar.properties.generalCategory) { return true }
        if scalar.properties.isVariationSelector { return true }
        if scalar.properties.isEmojiModifier { return true }
        switch scalar.value {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF: return true
        default: return false
        }
    }

    /// East Asian Wide and Fullwidth scalars that are not emoji: CJK ideographs, kana, Hangul
    /// syllables and initial consonants, fullwidth forms, CJK punctuation and symbols.
    private static func isEastAsianWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF,
            0x1B000...0x1B2FF, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
            0x1F250...0x1F251, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
