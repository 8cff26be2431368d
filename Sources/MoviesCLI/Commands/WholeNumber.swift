// Role in the data flow: inside parsing. Positions and years are typed as numbers, and so are the
// counts some options take (`--fail-first`, `--history`); this reads one the strict way, so that
// `-1`, `+3`, `1e3` and `0x1` are not taken for numbers, and a number too large for `Int` is told
// apart from a word that is no number at all.

/// A word read as a whole number written with ASCII digits only.
enum WholeNumber: Equatable {
    /// Digits whose value fits in an `Int`.
    case value(Int)
    /// Digits, but too many for an `Int`: out of any range the app has.
    case tooLarge
    /// Not a number: empty, or anything but the digits 0–9 in it.
    case notANumber

    /// Reads `word`.
    init(_ word: String) {
        guard Self.isDigits(word) else {
            self = .notANumber
            return
        }
        self = Int(word).map(Self.value) ?? .tooLarge
    }

    private static func isDigits(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
