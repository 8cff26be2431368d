// Role in the data flow: between a state file's journal lines and `StateFile.restore`. A journal
// line is one Change, `{"deleted":{"at":2,"movie":{…}}}`; it is read here by the catalog's own
// strict reader, so a journaled movie and a journaled number follow the catalog's rules exactly:
// no key twice, whole numbers only (by value, as `JSONNumber` decides), no lone surrogate.
//
//   journal line ─► CatalogParser.journalChange ─► Change ─► StateFile.apply ─► restored list

import MoviesCore

extension CatalogParser {
    /// What one journal line holds.
    enum JournalChange: Equatable {
        /// An insert, a delete or a move: the only Changes a journal is made of.
        case edit(MoviesState.Change)
        /// A Change of a kind journals never hold (a reload, a fetch status, none).
        case notAnEdit
    }

    /// Reads one journal line (without its newline); `file` only names the source in errors.
    ///
    /// The keys are those `JournalLineEncoder` writes: `at` for an insert or a delete, `from` and
    /// `to` for a move, and `movie`, each exactly once. The movie is read as a catalog's item is.
    static func journalChange(
        in bytes: UnsafeBufferPointer<UInt8>, file: String
    ) throws(CatalogError) -> JournalChange {
        var parser = CatalogParser(bytes: bytes, file: file)
        return try parser.readJournalChange()
    }

    private mutating func readJournalChange() throws(CatalogError) -> JournalChange {
        item = 1
        skipWhitespace()
        try requireValue(
            startingWith: UInt8(ascii: "{"), atEnd: "the line is empty",
            otherValue: "expected a change object", noValue: "expected a change object")
        index += 1
        let kind = try readKeyAndColon()
        let change: JournalChange
        switch kind {
        case "inserted", "deleted", "moved":
            change = .edit(try readEdit(kind: kind))
        case "none", "fetch", "reloaded":
            try skipValue(key: kind)
            change = .notAnEdit
        default:
            throw schema("\"\(Self.excerpt(kind))\" is not a kind of change")
        }
        skipWhitespace()
        guard peek() == UInt8(ascii: "}") else { throw schema("a line holds exactly one change") }
        index += 1
        skipWhitespace()
        guard index == bytes.count else { throw syntax("unexpected text after the change") }
        return change
    }

    /// Reads a quoted key and the colon after it, with the spaces around them.
    private mutating func readKeyAndColon() throws(CatalogError) -> String {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw syntax("expected a key in quotes") }
        let key = try readString(key: nil)
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw syntax("expected ':' after a key") }
        index += 1
        skipWhitespace()
        return key
    }

    /// Reads the object of an insert, a delete or a move.
    private mutating func readEdit(kind: String) throws(CatalogError) -> MoviesState.Change {
        try requireValue(
            startingWith: UInt8(ascii: "{"), atEnd: "the line ends inside the change",
            otherValue: "\"\(kind)\": expected an object", noValue: "expected an object")
        index += 1
        var movie: Movie?
        var positions: [String: Int] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                let key = try readKeyAndColon()
                switch key {
                case "movie":
                    guard movie == nil else { throw failure(.duplicateKey(key, item: item)) }
                    try requireValue(
                        startingWith: UInt8(ascii: "{"), atEnd: "the line ends inside the change",
                        otherValue: "\"movie\": expected a movie object",
                        noValue: "expected a movie object")
                    movie = try readMovie()
                case "at", "from", "to":
                    guard positions[key] == nil else {
                        throw failure(.duplicateKey(key, item: item))
                    }
                    positions[key] = try readPosition(key: key)
                default:
                    throw schema("\"\(Self.excerpt(key))\" is not a key of a change")
                }
                skipWhitespace()
                if try endOfContainer(closing: UInt8(ascii: "}"), inside: "the change") { break }
            }
        }
        guard let movie else { throw schema("\"\(kind)\": missing \"movie\"") }
        let expected: Set<String> = kind == "moved" ? ["from", "to"] : ["at"]
        guard Set(positions.keys) == expected,
            let first = positions[kind == "moved" ? "from" : "at"]
        else {
            let keys = kind == "moved" ? "\"from\" and \"to\"" : "\"at\""
            throw schema("\"\(kind)\": expected \(keys) once each")
        }
        switch kind {
        case "inserted": return .inserted(movie, at: first)
        case "deleted": return .deleted(movie, at: first)
        default: return .moved(movie, from: first, to: positions["to"] ?? first)
        }
    }

    /// Reads a position (`at`, `from`, `to`): a whole number by `JSONNumber`'s rules.
    private mutating func readPosition(key: String) throws(CatalogError) -> Int {
        switch peek() {
        case UInt8(ascii: "-"), .some(UInt8(ascii: "0")...UInt8(ascii: "9")): break
        default: throw schema("\"\(key)\": expected a whole number")
        }
        let start = index
        let number = try readNumber()
        let text = Self.excerpt(String(decoding: bytes[start..<index], as: UTF8.self))
        switch number.wholeValue() {
        case .whole(let value): return value
        case .fraction: throw failure(.notWholeNumber(text, key: key, item: item))
        case .tooLarge: throw schema("\"\(key)\" \(text) is out of range")
        }
    }
}
