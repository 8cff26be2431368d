// Role in the data flow: under every JSON file the app reads. The catalog, a state file's snapshot
// and each of its journal lines are read by this one strict reader, so a movie and a number follow
// one set of rules wherever they are read; the schemas on top of it (`MovieListJSON`, `MovieJSON`,
// `JournalLine`) say which keys and values they expect.
//
//   bytes ─► JSONReader (strings, numbers, containers, skipped values) ─► a schema ─► values

/// A strict, single-pass JSON reader over bytes, which says exactly what is wrong where.
///
/// Strict means RFC 8259 JSON and nothing more: no comments, no trailing commas, no leading zeros,
/// no raw control characters in strings, valid UTF-8 only. A number counts as whole when its value
/// is: `1999.0` and `1.999e3` are 1999, `1.5` is not whole.
///
/// Why not `JSONDecoder`: it reports a fractional id, an id beyond `Int.max`, a lone surrogate and
/// a duplicate key all as "not valid JSON" (or not at all), and a reader made for a few known keys
/// is several times faster than a general one, which the benchmark's load section measures.
///
/// Errors are `CatalogError`s naming `file`, and the 1-based `item` (the movie being read) where
/// the problem is one of a movie's values.
struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    var index = 0
    /// The 1-based number of the movie being read, for messages.
    var item = 0

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    // MARK: - Containers and keys

    /// Throws unless the value at `index` starts with `opening`: a syntax error `atEnd` at the
    /// end of the file, a schema error `otherValue` for another JSON value, a syntax error
    /// `noValue` for anything else.
    func requireValue(
        startingWith opening: UInt8, atEnd: String, otherValue: @autoclosure () -> String,
        noValue: String
    ) throws(CatalogError) {
        guard let byte = peek() else { throw syntax(atEnd) }
        guard byte != opening else { return }
        if Self.startsValue(byte) { throw schema(otherValue()) }
        throw syntax(noValue)
    }

    /// After a value in an array or object: `true` at its closing bracket, `false` after a comma;
    /// `inside` names the container for a file that ends there.
    mutating func endOfContainer(
        closing: UInt8, inside container: @autoclosure () -> String
    ) throws(CatalogError) -> Bool {
        switch peek() {
        case UInt8(ascii: ","):
            index += 1
            return false
        case closing:
            index += 1
            return true
        case nil:
            throw syntax("the file ends inside \(container())")
        default:
            throw syntax("expected ',' or '\(Character(Unicode.Scalar(closing)))'")
        }
    }

    /// What a key turned out to be: one of `Key`'s, or another, by its name.
    enum KeyMatch<Key: JSONKey> {
        case known(Key)
        case other(String)
    }

    /// Reads an object's key, the colon after it and the spaces around them; `keys` are the keys
    /// it knows (`Key.allCases`, kept by the caller: a hot loop should not build the array for
    /// every key), `container` names the object for a file that ends there.
    mutating func readKey<Key: JSONKey>(
        among keys: [Key], inside container: @autoclosure () -> String
    ) throws(CatalogError) -> KeyMatch<Key> {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "\""): break
        case nil: throw syntax("the file ends inside \(container())")
        default: throw syntax("expected a key in quotes")
        }
        let key = try readKeyName(among: keys)
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw syntax("expected ':' after a key") }
        index += 1
        skipWhitespace()
        return key
    }

    /// Reads a quoted key; one of `keys` is recognized without building a `String`.
    private mutating func readKeyName<Key: JSONKey>(among keys: [Key]) throws(CatalogError)
        -> KeyMatch<Key>
    {
        let start = index + 1
        // The usual case, a short key without escapes, is compared byte for byte.
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\")
        {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            for key in keys where matches(key.name, from: start, to: end) {
                index = end + 1
                return .known(key)
            }
        }
        let name = try readString(key: nil)
        for key in keys where key.text == name { return .known(key) }
        return .other(name)
    }

    /// Whether `bytes[start..<end]` are exactly `name`'s.
    private func matches(_ name: StaticString, from start: Int, to end: Int) -> Bool {
        guard end - start == name.utf8CodeUnitCount else { return false }
        var offset = 0
        while offset < end - start {
            guard bytes[start + offset] == name.utf8Start[offset] else { return false }
            offset += 1
        }
        return true
    }

    /// Throws for a value of `key` that is not `expected`: a schema error when it is another
    /// JSON value (saying so when it is null), a syntax error when it is no value at all.
    mutating func rejectValue(
        of key: String, expected: String
    ) throws(CatalogError) -> Never {
        switch peek() {
        case UInt8(ascii: "n"):
            try readLiteral("null")
            throw schema("item \(item), \"\(key)\": expected \(expected), found null")
        case let byte?:
            guard Self.startsValue(byte) else { throw syntax("expected a value") }
            throw schema("item \(item), \"\(key)\": expected \(expected)")
        case nil:
            throw syntax("the file ends where a value should be")
        }
    }

    // MARK: - JSON values

    /// Checks and skips one JSON value of any shape, for keys the catalog does not use.
    ///
    /// Iterative, with the open brackets on a stack of its own: a file of a million `[` must end
    /// in an error, not in a stack overflow.
    mutating func skipValue(key: String) throws(CatalogError) {
        var open: [UInt8] = []
        while true {
            // A value is expected here.
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: "{"):
                index += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    index += 1
                } else {
                    open.append(UInt8(ascii: "}"))
                    try skipKeyAndColon(key: key)
                    continue
                }
            case UInt8(ascii: "["):
                index += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    index += 1
                } else {
                    open.append(UInt8(ascii: "]"))
                    continue
                }
            case UInt8(ascii: "\""):
                _ = try readString(key: key)
            case UInt8(ascii: "-"), .some(UInt8(ascii: "0")...UInt8(ascii: "9")):
                _ = try readNumber()
            case UInt8(ascii: "t"):
                try readLiteral("true")
            case UInt8(ascii: "f"):
                try readLiteral("false")
            case UInt8(ascii: "n"):
                try readLiteral("null")
            case nil:
                throw syntax("the file ends where a value should be")
            default:
                throw syntax("expected a value")
            }
            // A value has ended: close every container it completes.
            while let closing = open.last {
                skipWhitespace()
                if try endOfContainer(
                    closing: closing, inside: "the value of \"\(Self.excerpt(key))\"")
                {
                    open.removeLast()
                } else {
                    if closing == UInt8(ascii: "}") { try skipKeyAndColon(key: key) }
                    break
                }
            }
            if open.isEmpty { return }
        }
    }

    private mutating func skipKeyAndColon(key: String) throws(CatalogError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw syntax("expected a key in quotes") }
        _ = try readString(key: key)
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw syntax("expected ':' after a key") }
        index += 1
    }

    /// Reads `null`, the value an optional field may have instead of leaving its key out.
    mutating func readNull() throws(CatalogError) {
        try readLiteral("null")
    }

    private mutating func readLiteral(_ word: StaticString) throws(CatalogError) {
        let length = word.utf8CodeUnitCount
        let literal = UnsafeBufferPointer(start: word.utf8Start, count: length)
        guard bytes.count - index >= length,
            bytes[index..<(index + length)].elementsEqual(literal)
        else { throw syntax("expected a value") }
        index += length
    }

    // MARK: - Bytes and errors

    func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            default:
                return
            }
        }
    }

    /// Whether `byte` can start a JSON value: a wrong type is a schema problem, anything else a
    /// syntax error.
    static func startsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"),
            UInt8(ascii: "n"):
            return true
        default:
            return false
        }
    }

    func failure(_ problem: CatalogError.Problem) -> CatalogError {
        CatalogError(file: file, problem: problem)
    }

    func schema(_ detail: String) -> CatalogError {
        failure(.wrongSchema(detail))
    }

    /// A syntax error at `position` (default: the current byte), with its 1-based line and
    /// column; the column counts Unicode scalars, as an editor would.
    func syntax(_ reason: String, at position: Int? = nil) -> CatalogError {
        let position = min(position ?? index, bytes.count)
        // One pass, by hand: the error may be a megabyte into the file.
        var line = 1
        var column = 1
        var offset = 0
        while offset < position {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Every byte that is not a UTF-8 continuation byte starts a scalar.
                column += 1
            }
            offset += 1
        }
        return failure(.notJSON(line: line, column: column, reason: reason))
    }

    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// `text` cut to its first 40 Unicode scalars, with `…` when cut: values quoted in a message
    /// must not make it megabytes long.
    static func excerpt(_ text: String) -> String {
        let limit = 40
        guard text.unicodeScalars.count > limit else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))) + "…"
    }
}
