// Role in the data flow: how a movie is written as JSON, in every file the app writes. A catalog
// (`save`, `list --json`), a state file's snapshot and its journal lines all hold movies as
// `{"id":…,"title":"…","year":…}`; this writes that object by hand, byte for byte what
// `JSONEncoder` writes with sorted keys (the tests hold it to that), with no way to fail and at a
// fraction of the cost, since a journal line is written on the path of every edit.

import MoviesCore

/// Appends movies, numbers and fixed text to a line of JSON being built.
enum MovieJSONWriter {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `[{…},{…}]`: `movies` as a catalog's one line, without a newline.
    static func list(_ movies: [Movie]) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(2 + movies.count * 48)
        line.append(UInt8(ascii: "["))
        for (index, movie) in movies.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            append(movie, to: &line)
        }
        line.append(UInt8(ascii: "]"))
        return line
    }

    /// `{"id":…,"title":"…","year":…}`, keys sorted as `JSONEncoder` sorts them.
    static func append(_ movie: Movie, to line: inout [UInt8]) {
        append(#"{"id":"#, to: &line)
        append(movie.id, to: &line)
        append(#","title":""#, to: &line)
        appendEscaped(movie.title, to: &line)
        append(#"","year":"#, to: &line)
        append(movie.year, to: &line)
        line.append(UInt8(ascii: "}"))
    }

    static func append(_ text: StaticString, to line: inout [UInt8]) {
        text.withUTF8Buffer { line.append(contentsOf: $0) }
    }

    static func append(_ number: Int, to line: inout [UInt8]) {
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
