// Role in the data flow: the state file's journal, written fast. With `--state` every edit is
// journaled before its row is drawn, so writing its line is on every edit's path, and `JSONEncoder`
// takes about 5 µs for one line: as long as everything else an edit costs put together. A row
// Change is three numbers and a movie, so its line is written here by hand, byte for byte what
// `JSONEncoder` writes with sorted keys (the tests hold it to that). Reading is the catalog's
// strict reader's (`CatalogParser+JournalChange`).
//
//   edit ─► Change ─► JournalLineEncoder ─► journal line ─► state file

import MoviesCore

/// Writes the journal line of a row Change (insert, delete, move) without `JSONEncoder`.
enum JournalLineEncoder {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The line for `change`, newline included, or `nil` for a Change that is not a row edit
    /// (a journal never holds one; `StateFile.journalEntry` encodes it the slow way).
    ///
    /// ```text
    /// {"deleted":{"at":2,"movie":{"id":3,"title":"Casablanca","year":1942}}}
    /// {"moved":{"from":7,"movie":{"id":8,"title":"Jaws","year":1975},"to":0}}
    /// ```
    static func line(_ change: MoviesState.Change) -> [UInt8]? {
        var line: [UInt8] = []
        line.reserveCapacity(128)
        switch change {
        case .inserted(let movie, let index):
            append(#"{"inserted":{"at":"#, to: &line)
            appendRest(at: index, movie, to: &line)
        case .deleted(let movie, let index):
            append(#"{"deleted":{"at":"#, to: &line)
            appendRest(at: index, movie, to: &line)
        case .moved(let movie, let source, let destination):
            append(#"{"moved":{"from":"#, to: &line)
            append(source, to: &line)
            append(#","movie":"#, to: &line)
            append(movie, to: &line)
            append(#","to":"#, to: &line)
            append(destination, to: &line)
            append("}}\n", to: &line)
        case .none, .fetch, .reloaded:
            return nil
        }
        return line
    }

    /// The rest of an insert's or a delete's line: `2,"movie":{…}}}` and the newline.
    private static func appendRest(at index: Int, _ movie: Movie, to line: inout [UInt8]) {
        append(index, to: &line)
        append(#","movie":"#, to: &line)
        append(movie, to: &line)
        append("}}\n", to: &line)
    }

    /// `{"id":…,"title":"…","year":…}`, keys sorted as `JSONEncoder` sorts them.
    private static func append(_ movie: Movie, to line: inout [UInt8]) {
        append(#"{"id":"#, to: &line)
        append(movie.id, to: &line)
        append(#","title":""#, to: &line)
        appendEscaped(movie.title, to: &line)
        append(#"","year":"#, to: &line)
        append(movie.year, to: &line)
        line.append(UInt8(ascii: "}"))
    }

    private static func append(_ text: StaticString, to line: inout [UInt8]) {
        text.withUTF8Buffer { line.append(contentsOf: $0) }
    }

    private static func append(_ number: Int, to line: inout [UInt8]) {
        line.append(contentsOf: String(number).utf8)
    }

    /// The title's UTF-8 with JSON's escapes, as `JSONEncoder` writes them: `\"` and `\\`, the
    /// short forms for backspace, tab, newline, form feed and carriage return, `\u00xx` for the
    /// other controls below U+0020, and every other character as it is.
    ///
    /// Working on bytes is exact: every byte of a multi-byte UTF-8 sequence is 0x80 or more, so a
    /// byte below 0x20 or a quote or a backslash is always that character.
    private static func appendEscaped(_ title: String, to line: inout [UInt8]) {
        for byte in title.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                line.append(UInt8(ascii: "\\"))
                line.append(byte)
            case 0x08: append(#"\b"#, to: &line)
            case 0x09: append(#"\t"#, to: &line)
            case 0x0A: append(#"\n"#, to: &line)
            case 0x0C: append(#"\f"#, to: &line)
            case 0x0D: append(#"\r"#, to: &line)
            case 0x00..<0x20:
                append(#"\u00"#, to: &line)
                line.append(hexDigits[Int(byte >> 4)])
                line.append(hexDigits[Int(byte & 0x0F)])
            default:
                line.append(byte)
            }
        }
    }
}
