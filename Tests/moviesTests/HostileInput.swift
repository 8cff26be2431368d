// A seeded generator of input lines, valid and hostile, together with the test's own reference
// model of the list. Each generated line says whether the app must accept it, reject it (with
// exactly one message) or ignore it (a blank line), and accepted lines update the reference list,
// so after any stream the test knows exactly what the app's list must be.

import MoviesTestSupport

/// One generated input line and what the app must do with it.
struct GeneratedLine: Sendable {
    enum Verdict: Equatable, Sendable {
        /// A valid command: no message; the reference list already reflects it.
        case accepted
        /// Exactly one error message; the state must not change.
        case rejected
        /// A blank line: nothing at all happens.
        case ignored
    }

    var text: String
    var verdict: Verdict
    /// The class of line, as `HostileInput.classCounts` counts it.
    var kind: String
}

/// Generates input lines and keeps the reference list they lead to.
struct HostileInput {
    /// The catalog a refresh brings back.
    let catalog: [CatalogMovie]
    /// What the app's list must be after every accepted line so far.
    private(set) var reference: [CatalogMovie]
    /// Inserts and deletes accepted since the last reload, for the count invariant.
    private(set) var insertsSinceReload = 0
    private(set) var deletesSinceReload = 0
    /// How many lines of each hostile class were generated.
    private(set) var classCounts: [String: Int] = [:]

    private var nextID: Int
    private var random: SeededGenerator
    private let allowHugeLines: Bool
    private let lineLimit: Int?

    /// - Parameter lineLimit: the longest line, in bytes, that the input reader passes on (the
    ///   binary's 64 KiB), or `nil` when lines go straight to the command layer. With a limit,
    ///   the stream also has valid commands padded to just within it (they run) and past it
    ///   (rejected whole: one message, and nothing of them runs).
    init(
        seed: UInt64, catalog: [CatalogMovie], allowHugeLines: Bool = true, lineLimit: Int? = nil
    ) {
        self.catalog = catalog
        reference = catalog
        nextID = (catalog.map(\.id).max() ?? 0) + 1
        random = SeededGenerator(seed: seed)
        self.allowHugeLines = allowHugeLines
        self.lineLimit = lineLimit
    }

    /// The next line of the stream.
    mutating func next() -> GeneratedLine {
        let count = reference.count
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<12 where count > 0:
            return accepted("move", moveValid())
        case 12..<20 where count > 8:
            return accepted("delete", deleteValid())
        case 20..<25 where count > 0:
            return accepted("rename", renameValid())
        case 0..<30:
            return accepted("insert", insertValid())
        case 30..<32:
            reference = catalog
            nextID = max(nextID, (catalog.map(\.id).max() ?? 0) + 1)
            insertsSinceReload = 0
            deletesSinceReload = 0
            return accepted("refresh", pick(["refresh", "reload", "  REFRESH "]))
        case 32..<35:
            return accepted(
                "read-only",
                pick(["list", "ls", "list --json", "help", "?", "find the", "search É"]))
        case 35..<42:
            return line(
                "blank", pick(["", " ", "\t", "   \t  ", "\u{3000}", "\u{00A0}"]), .ignored)
        case 42..<50:
            return rejected("out of range", outOfRange())
        case 50..<60:
            return rejected("malformed number", malformedNumber())
        case 60..<66:
            return rejected("unbalanced quote", unbalancedQuote())
        case 66..<70:
            return rejected("dangling backslash", "\(pick(["insert", "mv", "zz"])) x\\")
        case 70..<80:
            return rejected(
                "unknown command", "zz" + randomText(length: Int.random(in: 0...30, using: &random))
            )
        case 80..<86:
            return rejected("wrong argument count", wrongArgumentCount())
        case 86..<90:
            return rejected("bad year", badYear())
        case 90..<93:
            let empty = pick(["\"\"", "''", "\"   \"", "'\t'"])
            return rejected("empty title", pick(["insert \(empty) 2000", "rename 1 \(empty)"]))
        case 93..<95 where lineLimit != nil && Bool.random(using: &random):
            return lineAtTheLimit(lineLimit ?? 0)
        case 93..<95 where allowHugeLines && Int.random(in: 0..<40, using: &random) == 0:
            return rejected("1 MB line", hugeLine())
        default:
            return rejected("control characters in a command", controlCharactersInCommand())
        }
    }

    // MARK: Valid commands, applied to the reference

    private mutating func moveValid() -> String {
        let from = Int.random(in: 1...reference.count, using: &random)
        let to = Int.random(in: 1...reference.count, using: &random)
        let movie = reference.remove(at: from - 1)
        reference.insert(movie, at: to - 1)
        return "\(pick(["move", "mv", "MOVE"])) \(from) \(pick(["", "0", "00"]))\(to)"
    }

    private mutating func deleteValid() -> String {
        let position = Int.random(in: 1...reference.count, using: &random)
        reference.remove(at: position - 1)
        deletesSinceReload += 1
        return "\(pick(["delete", "rm", "del"])) \(position)"
    }

    private mutating func renameValid() -> String {
        let position = Int.random(in: 1...reference.count, using: &random)
        let title = "R" + randomText(length: Int.random(in: 0...24, using: &random))
        reference[position - 1].title = title
        let quoted = Self.quoted(title, using: pick(["\"", "'"]))
        return "\(pick(["rename", "RENAME"])) \(position) \(quoted)"
    }

    private mutating func insertValid() -> String {
        let title = "T" + randomText(length: Int.random(in: 0...24, using: &random))
        let year = Int.random(in: 1888...2100, using: &random)
        let movie = CatalogMovie(id: nextID, title: title, year: year)
        nextID += 1
        insertsSinceReload += 1
        let quoted = Self.quoted(title, using: pick(["\"", "'"]))
        if Bool.random(using: &random) {
            reference.append(movie)
            return "\(pick(["insert", "add"])) \(quoted) \(year)"
        }
        let position = Int.random(in: 1...(reference.count + 1), using: &random)
        reference.insert(movie, at: position - 1)
        return "\(pick(["insert", "add"])) \(quoted) \(year) \(position)"
    }

    // MARK: Hostile lines, all rejected

    private mutating func outOfRange() -> String {
        let count = reference.count
        let huge = String(repeating: "9", count: Int.random(in: 19...40, using: &random))
        let tooFar = String(count + Int.random(in: 1...1000, using: &random))
        return pick([
            "move 0 1", "move 1 \(tooFar)", "move \(huge) 1", "move 1 \(huge)", "delete 0",
            "delete \(tooFar)", "rm \(huge)", "insert X 2000 0", "insert X 2000 \(count + 2)",
            "insert X 2000 \(huge)", "move 1 99999999999999999999", "rename 0 X",
            "rename \(tooFar) X", "rename \(huge) X Y",
        ])
    }

    private mutating func malformedNumber() -> String {
        let number = pick([
            "-0", "+3", "1e3", "-1", "1.5", "0x10", "١", "３", "1_000", "½", "∞", "NaN",
        ])
        return pick([
            "move \(number) 1", "move 1 \(number)", "delete \(number)", "insert X 2000 \(number)",
            "rename \(number) X",
        ])
    }

    private mutating func unbalancedQuote() -> String {
        // Scalar by scalar, as the tokenizer reads: a quote with a combining mark after it is
        // one Character, which a Character-wise replacement would leave in, closing the quote.
        let text = randomText(length: Int.random(in: 0...10, using: &random))
        let title = String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter { !"\"'\\".unicodeScalars.contains($0) }))
        return pick([
            "insert \"\(title) 2000", "insert '\(title) 2000", "add \"a\" 2000 \"", "mv '1 2",
        ])
    }

    private mutating func wrongArgumentCount() -> String {
        pick([
            "move", "move 1", "move 1 2 3", "delete", "delete 1 2", "insert", "insert X",
            "insert X 2000 1 1", "list all", "list --json --json", "refresh now", "help me",
            "quit now", "insert Blade Runner 1982 1", "find", "find --json", "rename", "rename 1",
        ])
    }

    private mutating func badYear() -> String {
        pick([
            "insert X 1700", "insert X 2101", "insert X 0", "insert X -1999", "insert X 19e2",
            "insert X 99999999999999999999", "insert Blade Runner", "insert X MMXX",
        ])
    }

    private mutating func hugeLine() -> String {
        let filler = String(
            repeating: pick(["x", "é", "🎬", "\u{1B}[31m", "\u{0}"]), count: 1 << 20)
        let body = String(filler.unicodeScalars.prefix(1 << 20))
        return pick(["zz" + body, "insert \"T\(body)\" 2000", "move 1 " + body])
    }

    /// A control glued to a command name, which makes it an unknown command. (CR, tab and the
    /// other whitespace controls would just separate words, so they are not used here.)
    private mutating func controlCharactersInCommand() -> String {
        let control = pick(["\u{0}", "\u{1B}", "\u{7}", "\u{8}", "\u{7F}", "\u{9B}", "\u{202E}"])
        return pick(["move\(control) 1 2", "\(control)list", "delete\(control)1", "lis\(control)t"])
    }

    // MARK: Lines at the reader's limit

    /// A valid command padded with spaces to `limit` bytes or beyond (one byte more, a few
    /// kilobytes more, or 1 MB), so that only the length decides: within the limit it runs, past
    /// it the whole line is rejected and nothing of it runs, not even the command at its start.
    private mutating func lineAtTheLimit(_ limit: Int) -> GeneratedLine {
        let lengths = [limit, limit + 1, limit + Int.random(in: 2...4096, using: &random), 1 << 20]
        let length = lengths[Int.random(in: 0..<lengths.count, using: &random)]
        let fits = length <= limit
        var command = "list"
        if reference.count > 8, Bool.random(using: &random) {
            let position = Int.random(in: 1...reference.count, using: &random)
            command = "delete \(position)"
            if fits {
                reference.remove(at: position - 1)
                deletesSinceReload += 1
            }
        }
        let text = command + String(repeating: " ", count: length - command.utf8.count)
        return fits
            ? line("line at the limit", text, .accepted)
            : line("line past the limit", text, .rejected)
    }

    // MARK: Helpers

    private mutating func accepted(_ kind: String, _ text: String) -> GeneratedLine {
        line(kind, text, .accepted)
    }

    private mutating func rejected(_ kind: String, _ text: String) -> GeneratedLine {
        line(kind, text, .rejected)
    }

    private mutating func line(_ kind: String, _ text: String, _ verdict: GeneratedLine.Verdict)
        -> GeneratedLine
    {
        classCounts[kind, default: 0] += 1
        return GeneratedLine(text: text, verdict: verdict, kind: kind)
    }

    private mutating func pick(_ choices: [String]) -> String {
        choices[Int.random(in: 0..<choices.count, using: &random)]
    }

    /// Random text mixing every class of character a title may contain.
    ///
    /// Letters, combining marks, emoji, right-to-left scripts, controls (NUL, ESC, BEL, CR …),
    /// DEL, C1 controls, bidi overrides, whole escape sequences, quotes and backslashes; never a
    /// newline, because lines are the framing.
    private mutating func randomText(length: Int) -> String {
        var text = ""
        for _ in 0..<length {
            switch Int.random(in: 0..<12, using: &random) {
            case 0...3: text += pick(["a", "B", "z", " ", "7", "-", ":", "é"])
            case 4: text.unicodeScalars.append(scalar(in: 0x0300...0x036F))
            case 5: text.unicodeScalars.append(scalar(in: 0x1F600...0x1F64F))
            case 6: text.unicodeScalars.append(scalar(in: 0x05D0...0x05EA))
            case 7: text.unicodeScalars.append(scalar(in: 0x0627...0x064A))
            case 8: text.unicodeScalars.append(scalar(in: 0x0000...0x0009))  // up to TAB, no LF
            case 9: text.unicodeScalars.append(scalar(in: 0x000B...0x001F))
            case 10: text.unicodeScalars.append(scalar(in: 0x007F...0x009F))
            default:
                text += pick([
                    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}",
                    "\u{2067}", "\u{2068}", "\u{2069}", "\u{1B}[2J", "\u{1B}]0;pwned\u{7}", "\"",
                    "'", "\\", "\u{2028}",
                ])
            }
        }
        return text
    }

    private mutating func scalar(in range: ClosedRange<UInt32>) -> Unicode.Scalar {
        Unicode.Scalar(UInt32.random(in: range, using: &random)) ?? "?"
    }

    /// `text` inside `quote`s, with backslashes and that quote escaped for the tokenizer.
    static func quoted(_ text: String, using quote: String) -> String {
        var result = quote
        for scalar in text.unicodeScalars {
            if scalar == "\\" || String(scalar) == quote { result += "\\" }
            result.unicodeScalars.append(scalar)
        }
        return result + quote
    }
}
