// Role in the data flow: the one home of a movie's JSON. A catalog (`save`, `list --json`), a state
// file's snapshot and its journal lines all hold movies as `{"id":…,"title":"…","year":…}`; the keys
// are named once here, and the same definition writes a movie, counts its bytes and reads it back.
//
//   Movie ─► MovieJSON.write ─► JSONOutput (bytes, or their count)
//   bytes ─► JSONReader ─► MovieJSON.read ─► Movie

import MoviesCore

/// A movie as a JSON object: its keys, written, counted and read, from `Movie.Field`.
///
/// The bytes written are exactly what `JSONEncoder` writes for `Movie` with sorted keys (the tests
/// hold the two equal), with no way to fail and at a fraction of the cost: a journal line is
/// written on the path of every edit. Both follow the one table of fields, so a field added
/// there is written, counted and read here through the `switch` over its kind.
enum MovieJSON {
    /// The fields in the order written (sorted by key), kept: a movie is written and read once
    /// per row of a list.
    private static let fields = Movie.Field.allCases

    /// Writes `movie` as one object, `{"id":…,"title":"…","year":…}`; a field without a value
    /// (an unrated movie's rating) is left out.
    static func write(_ movie: Movie, to output: inout some JSONOutput) {
        output.append(UInt8(ascii: "{"))
        var first = true
        for field in fields {
            let value = movie[field]
            if case .absent = value { continue }
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            output.appendKey(field.key)
            switch value {
            case .number(let number): output.append(number)
            case .text(let text): output.appendString(text)
            case .absent: break
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
    /// Each field a movie must have must come once, with a value of its kind; an optional field
    /// may be left out (or be `null`, which `JSONDecoder` reads as left out too). Keys of no
    /// movie are checked to be valid JSON and skipped, as `JSONDecoder` skips them. Errors name
    /// the reader's `item`.
    static func read(from reader: inout JSONReader) throws(CatalogError) -> Movie {
        reader.index += 1  // the opening brace
        var movie = Movie.unread
        var seen = Set<Movie.Field>()
        // A set, not an array: a hostile movie with a million keys must not cost a million
        // squared comparisons. (Empty, it allocates nothing.)
        var otherKeys = Set<String>()
        let item = reader.item
        reader.skipWhitespace()
        if reader.peek() == UInt8(ascii: "}") {
            reader.index += 1
        } else {
            while true {
                switch try reader.readKey(among: fields, inside: "a movie") {
                case .known(let field):
                    guard seen.insert(field).inserted else {
                        throw reader.failure(.duplicateKey(field.text, item: item))
                    }
                    movie[field] = try readValue(of: field, from: &reader)
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
        for field in fields where field.kind.isRequired && !seen.contains(field) {
            throw reader.schema("item \(item): missing \"\(field.text)\"")
        }
        return movie
    }

    /// Reads the value of `field`, by its kind.
    private static func readValue(
        of field: Movie.Field, from reader: inout JSONReader
    ) throws(CatalogError) -> Movie.Value {
        switch field.kind {
        case .number(let valid):
            return .number(try readNumber(of: field, valid: valid, from: &reader))
        case .optionalNumber(let valid):
            if reader.peek() == UInt8(ascii: "n") {
                try reader.readNull()
                return .absent
            }
            return .number(try readNumber(of: field, valid: valid, from: &reader))
        case .title:
            guard reader.peek() == UInt8(ascii: "\"") else {
                try reader.rejectValue(of: field.text, expected: "a string")
            }
            return .text(try reader.readString(key: field.text))
        }
    }

    /// Reads a whole number for `field`; one beyond `Int` is out of `valid` as written.
    private static func readNumber(
        of field: Movie.Field, valid: ClosedRange<Int>, from reader: inout JSONReader
    ) throws(CatalogError) -> Int {
        let item = reader.item
        return try reader.readWholeNumber(key: field.text) { text in
            .outOfRange(text, key: field.text, item: item, valid: valid)
        }
    }
}

/// The fields are the keys of a movie's object.
extension Movie.Field: JSONKey {
    var name: StaticString { key }
}
