// Role in the data flow: the one home of a movie's JSON. A catalog (`save`, `list --json`), a state
// file's snapshot and its journal lines all hold movies as `{"id":…,"title":"…","year":…}`; the keys
// are named once here, and the same definition writes a movie, counts its bytes and reads it back.
//
//   Movie ─► MovieJSON.write ─► JSONOutput (bytes, or their count)
//   bytes ─► JSONReader ─► MovieJSON.read ─► Movie

import MoviesCore

/// A movie as a JSON object: its keys, written, counted and read.
///
/// The bytes written are exactly what `JSONEncoder` writes for `Movie` with sorted keys (the tests
/// hold the two equal), with no way to fail and at a fraction of the cost: a journal line is
/// written on the path of every edit.
enum MovieJSON {
    /// A movie's keys, in the order written: sorted, as `JSONEncoder` sorts them.
    enum Key: JSONKey {
        case id, title, year

        var name: StaticString {
            switch self {
            case .id: return "id"
            case .title: return "title"
            case .year: return "year"
            }
        }
    }

    /// The keys in order, kept: a movie is written and read once per row of a list.
    private static let keys = Key.allCases

    /// Writes `movie` as one object, `{"id":…,"title":"…","year":…}`.
    static func write(_ movie: Movie, to output: inout some JSONOutput) {
        output.append(UInt8(ascii: "{"))
        var first = true
        for key in keys {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            output.appendKey(key.name)
            switch key {
            case .id: output.append(movie.id)
            case .title: output.appendString(movie.title)
            case .year: output.append(movie.year)
            }
        }
        output.append(UInt8(ascii: "}"))
    }

    /// The bytes `movie`'s object takes, counted by writing it.
    static func size(_ movie: Movie) -> Int {
        var count = JSONByteCount()
        write(movie, to: &count)
        return count.count
    }

    /// Reads one movie object, starting at its opening brace.
    ///
    /// Each key must come once, with a value of the right type; keys of no movie are checked to be
    /// valid JSON and skipped, as `JSONDecoder` skips them. Errors name the reader's `item`.
    static func read(from reader: inout JSONReader) throws(CatalogError) -> Movie {
        reader.index += 1  // the opening brace
        var id: Int?
        var title: String?
        var year: Int?
        // A set, not an array: a hostile movie with a million keys must not cost a million
        // squared comparisons. (Empty, it allocates nothing.)
        var otherKeys = Set<String>()
        let item = reader.item
        reader.skipWhitespace()
        if reader.peek() == UInt8(ascii: "}") {
            reader.index += 1
        } else {
            while true {
                switch try reader.readKey(among: keys, inside: "a movie") {
                case .known(let key):
                    switch key {
                    case .id:
                        guard id == nil else { throw reader.duplicate(key) }
                        id = try reader.readWholeNumber(key: key.text) { text in
                            .idOutOfRange(text, item: item, valid: Movie.validIDs)
                        }
                    case .title:
                        guard title == nil else { throw reader.duplicate(key) }
                        title = try readTitle(from: &reader)
                    case .year:
                        guard year == nil else { throw reader.duplicate(key) }
                        year = try reader.readWholeNumber(key: key.text) { text in
                            .yearOutOfRange(text, item: item, valid: Movie.validYears)
                        }
                    }
                case .other(let name):
                    guard otherKeys.insert(name).inserted else {
                        throw reader.failure(
                            .duplicateKey(JSONReader.excerpt(name), item: item))
                    }
                    try reader.skipValue(key: name)
                }
                reader.skipWhitespace()
                if try reader.endOfContainer(closing: UInt8(ascii: "}"), inside: "a movie") {
                    break
                }
            }
        }
        guard let id else { throw reader.missing(.id) }
        guard let title else { throw reader.missing(.title) }
        guard let year else { throw reader.missing(.year) }
        return Movie(id: id, title: title, year: year)
    }

    private static func readTitle(from reader: inout JSONReader) throws(CatalogError) -> String {
        guard reader.peek() == UInt8(ascii: "\"") else {
            try reader.rejectValue(of: Key.title.text, expected: "a string")
        }
        return try reader.readString(key: Key.title.text)
    }
}

extension JSONReader {
    /// The error for a movie's `key` given twice.
    fileprivate func duplicate(_ key: MovieJSON.Key) -> CatalogError {
        failure(.duplicateKey(key.text, item: item))
    }

    /// The error for a movie without `key`.
    fileprivate func missing(_ key: MovieJSON.Key) -> CatalogError {
        schema("item \(item): missing \"\(key.text)\"")
    }
}
