// Role in the data flow: a catalog that cannot be loaded never reaches a reducer. The fake API
// throws a `CatalogError`, the view model turns its description into a `.failed` fetch status, and
// the view shows that one line.

import SystemBoundary

/// Why a catalog file could not be loaded, and which file.
package struct CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What exactly is wrong with the file.
    ///
    /// Each case says what the user has to fix, in the file's own terms: which item (1-based, as
    /// in the file) and which key. Values quoted from the file (`text`) are cut to a few dozen
    /// characters, so one message stays one line whatever the file holds.
    package enum Problem: Equatable, Sendable {
        /// Nothing exists at the path.
        case missing
        /// The path is a symbolic link whose target does not exist.
        case danglingLink
        /// Resolving the path meets a loop of symbolic links (or too many of them).
        case linkLoop
        /// The path (after following links) is not a regular file.
        case notAFile(FileKind)
        /// The file exists but reading it failed; carries the system's reason.
        case unreadable(String)
        /// The file is larger than `limit`; `bytes` is its size when the system reported one
        /// (`nil` when it only showed while reading, as for files in /proc).
        case tooLarge(bytes: Int?, limit: Int)
        /// Reading the file, `bytes` long, would take more of the address space than the limit on
        /// it (`ulimit -v`) leaves (`AddressSpaceRoom`).
        case noRoomToRead(bytes: Int)
        /// The bytes are not JSON (or not UTF-8); where the first problem is, 1-based.
        case notJSON(line: Int, column: Int, reason: String)
        /// The JSON is valid but not an array of movie objects of the right types.
        case wrongSchema(String)
        /// A number that must be whole (an id, a year, a rating) has a fraction, as written.
        case notWholeNumber(String, key: String, item: Int)
        /// A string holds a `\uD800`-style escape of half a surrogate pair (its code, 0xD800 to
        /// 0xDFFF) without the other half, which is no character; `key` is the key whose value
        /// holds it (`nil`: a key name itself).
        case loneSurrogate(UInt32, key: String?, item: Int)
        /// One movie object has the same key twice, so which value counts is ambiguous.
        case duplicateKey(String, item: Int)
        /// A number outside `valid`, as written, for a movie's field named `key` (an id, a
        /// year, a rating: each field's range is `Movie.Field.kind`'s).
        case outOfRange(String, key: String, item: Int, valid: ClosedRange<Int>)
        case duplicateID(Int, item: Int)
        case emptyTitle(item: Int)
        /// A title with more than `maximum` Unicode scalars.
        case titleTooLong(item: Int, maximum: Int)
    }

    /// The path of the catalog as messages show it: escaped once (`FileName.description`).
    var file: String
    var problem: Problem

    init(file: String, problem: Problem) {
        self.file = file
        self.problem = problem
    }

    /// One line naming the file and the problem, safe for a terminal.
    ///
    /// For example `movies.json: is not a list of movies: item 3: missing "title"`. The file is
    /// already escaped and the explanation, which may quote the file's text, is escaped here:
    /// each part once, so a name's byte that is not UTF-8 shows as `\x{FF}`, never `\\x{FF}`.
    package var description: String {
        "\(file): \(TerminalText.escaped(explanation))"
    }

    var explanation: String {
        switch problem {
        case .missing:
            return "no such file"
        case .danglingLink:
            return "is a symbolic link to a file that does not exist"
        case .linkLoop:
            return "is a loop of symbolic links (too many levels of links to follow)"
        case .notAFile(let kind):
            return "is \(kind.description)"
        case .unreadable(let reason):
            return "cannot be read (\(reason))"
        case .tooLarge(let bytes?, let limit):
            let (size, bound) = Self.sizes(bytes, limit)
            return "is \(size), larger than the \(bound) limit"
        case .tooLarge(nil, let limit):
            return "is larger than the \(Self.megabytes(limit)) limit"
        case .noRoomToRead(let bytes):
            return "is \(Self.megabytes(bytes)); reading it takes about "
                + "\(Self.megabytes(AddressSpaceRoom.toRead(bytes))) of address space, more than "
                + "the limit on it (ulimit -v) leaves"
        case .notJSON(let line, let column, let reason):
            return "is not valid JSON: line \(line), column \(column): \(reason)"
        case .wrongSchema(let detail):
            return "is not a list of movies: \(detail)"
        case .notWholeNumber(let text, let key, let item):
            return "item \(item): \"\(key)\" \(text) is not a whole number"
        case .loneSurrogate(let code, let key?, let item):
            return
                "item \(item): \"\(key)\" has an escaped lone surrogate (\(Self.codePoint(code))), "
                + "which is not a character"
        case .loneSurrogate(let code, nil, let item):
            return "item \(item): a key has an escaped lone surrogate (\(Self.codePoint(code))), "
                + "which is not a character"
        case .duplicateKey(let key, let item):
            return "item \(item): \"\(key)\" appears more than once in the same movie"
        case .outOfRange(let text, let key, let item, let valid):
            return
                "item \(item): \(key) \(text) is out of range; valid \(key)s are \(Self.span(valid))"
        case .duplicateID(let id, let item):
            return "item \(item): id \(id) is used by an earlier movie; ids must be unique"
        case .emptyTitle(let item):
            return "item \(item): the title is empty"
        case .titleTooLong(let item, let maximum):
            return "item \(item): the title is longer than \(maximum) Unicode code points"
        }
    }

    /// `U+D800` for 0xD800.
    private static func codePoint(_ code: UInt32) -> String {
        let hex = String(code, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private static func span(_ range: ClosedRange<Int>) -> String {
        "\(range.lowerBound)–\(range.upperBound)"
    }

    /// `bytes` and `limit` in MiB to a tenth, or in bytes when that rounding shows them equal.
    ///
    /// "is 16.0 MiB, larger than the 16.0 MiB limit" reads as a contradiction: a file a few
    /// bytes over the limit is told in bytes, so the user sees the difference.
    static func sizes(_ bytes: Int, _ limit: Int) -> (String, String) {
        let size = megabytes(bytes)
        let bound = megabytes(limit)
        guard size == bound else { return (size, bound) }
        return ("\(grouped(bytes)) bytes", "\(grouped(limit))-byte")
    }

    /// `16777217` as `16,777,217`.
    private static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }

    private static func megabytes(_ bytes: Int) -> String {
        // In floating point: `bytes * 10` could overflow for a file near `Int.max` bytes.
        let tenths = (Double(bytes) * 10 / 1_048_576).rounded()
        let whole = Int(tenths / 10)
        return "\(whole).\(Int(tenths) - whole * 10) MiB"
    }
}
