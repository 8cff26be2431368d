// Role in the data flow: inside `Catalog`, between the file's bytes and the `[Movie]` the fake API
// returns. It reads the catalog's JSON in one pass and says exactly what is wrong where a general
// decoder could only say "not valid JSON": a fractional id, a year too large for any integer, a lone
// surrogate escape, a key given twice.

import MoviesCore
import SystemBoundary

/// A strict, single-pass reader of the catalog schema: a JSON array of
/// `{"id": whole number, "title": string, "year": whole number}` objects.
///
/// Strict means RFC 8259 JSON and nothing more: no comments, no trailing commas, no leading zeros,
/// no raw control characters in strings, valid UTF-8 only (a UTF-8 byte order mark at the very
/// start is skipped, as the RFC allows). Keys other than the three are skipped after their value
/// is checked to be valid JSON, as `JSONDecoder` ignores them. A number counts as whole when its
/// value is: `1999.0` and `1.999e3` are 1999, `1.5` is not whole.
///
/// The state file's journal lines are read by the same reader (`CatalogParser+JournalChange`), so
/// a movie and a number follow one set of rules wherever the app reads them.
///
/// Why not `JSONDecoder`: it reports a fractional id, an id beyond `Int.max`, a lone surrogate and
/// a duplicate key all as "not valid JSON" (or not at all), and a reader made for three keys is
/// several times faster than a general one, which the benchmark's load section measures.
struct CatalogParser {
    let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    var index = 0
    /// The 1-based number of the movie being read, for messages.
    var item = 0

    /// Reads every movie in `bytes`; `file` only names the source in errors.
    ///
    /// Each movie is checked as soon as it is read (`check`), so the first problem in the file is
    /// the one reported.
    static func movies(
        in bytes: UnsafeBufferPointer<UInt8>,
        file: String,
        check: (Movie, _ item: Int) throws(CatalogError) -> Void
    ) throws(CatalogError) -> [Movie] {
        var parser = CatalogParser(bytes: bytes, file: file)
        return try parser.readList(check: check)
    }

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    // MARK: - The schema

    private mutating func readList(
        check: (Movie, _ item: Int) throws(CatalogError) -> Void
    ) throws(CatalogError) -> [Movie] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        try requireValue(
            startingWith: UInt8(ascii: "["), atEnd: "the file is empty",
            otherValue: "the top level: expected an array of movies",
            noValue: "expected a JSON array of movies")
        index += 1
        var movies: [Movie] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
        } else {
            while true {
                item += 1
                skipWhitespace()
                try requireValue(
                    startingWith: UInt8(ascii: "{"), atEnd: "the file ends inside the list",
                    otherValue: "item \(item): expected a movie object",
                    noValue: "expected a movie object")
                let movie = try readMovie()
                try check(movie, item)
                movies.append(movie)
                skipWhitespace()
                if try endOfContainer(closing: UInt8(ascii: "]"), inside: "the list") { break }
            }
        }
        skipWhitespace()
        guard index == bytes.count else { throw syntax("unexpected text after the list") }
        return movies
    }

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

    /// The three keys of a movie, and any other.
    private enum Key {
        case id, title, year
        case other(String)
    }

    mutating func readMovie() throws(CatalogError) -> Movie {
        index += 1  // the opening brace
        var id: Int?
        var title: String?
        var year: Int?
        // A set, not an array: a hostile movie with a million keys must not cost a million
        // squared comparisons. (Empty, it allocates nothing.)
        var otherKeys = Set<String>()
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: "\""): break
                case nil: throw syntax("the file ends inside a movie")
                default: throw syntax("expected a key in quotes")
                }
                let key = try readKey()
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else { throw syntax("expected ':' after a key") }
                index += 1
                skipWhitespace()
                switch key {
                case .id:
                    guard id == nil else { throw failure(.duplicateKey("id", item: item)) }
                    id = try readWholeNumber(key: "id")
                case .title:
                    guard title == nil else { throw failure(.duplicateKey("title", item: item)) }
                    title = try readTitle()
                case .year:
                    guard year == nil else { throw failure(.duplicateKey("year", item: item)) }
                    year = try readWholeNumber(key: "year")
                case .other(let name):
                    guard otherKeys.insert(name).inserted else {
                        throw failure(.duplicateKey(Self.excerpt(name), item: item))
                    }
                    try skipValue(key: name)
                }
                skipWhitespace()
                if try endOfContainer(closing: UInt8(ascii: "}"), inside: "a movie") { break }
            }
        }
        guard let id else { throw schema("item \(item): missing \"id\"") }
        guard let title else { throw schema("item \(item): missing \"title\"") }
        guard let year else { throw schema("item \(item): missing \"year\"") }
        return Movie(id: id, title: title, year: year)
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

    private mutating func readKey() throws(CatalogError) -> Key {
        let start = index + 1
        // The usual case, a short key without escapes, is compared byte for byte.
        if let end = bytes[start...].firstIndex(where: { $0 == UInt8(ascii: "\"") }),
            !bytes[start..<end].contains(UInt8(ascii: "\\"))
        {
            let raw = bytes[start..<end]
            if raw.elementsEqual("id".utf8) {
                index = end + 1
                return .id
            } else if raw.elementsEqual("title".utf8) {
                index = end + 1
                return .title
            } else if raw.elementsEqual("year".utf8) {
                index = end + 1
                return .year
            }
        }
        switch try readString(key: nil) {
        case "id": return .id
        case "title": return .title
        case "year": return .year
        case let name: return .other(name)
        }
    }

    private mutating func readTitle() throws(CatalogError) -> String {
        guard peek() == UInt8(ascii: "\"") else {
            try rejectValue(of: "title", expected: "a string")
        }
        return try readString(key: "title")
    }

    private mutating func readWholeNumber(key: String) throws(CatalogError) -> Int {
        switch peek() {
        case UInt8(ascii: "-"), .some(UInt8(ascii: "0")...UInt8(ascii: "9")):
            break
        default:
            try rejectValue(of: key, expected: "a whole number")
        }
        let start = index
        let number = try readNumber()
        // The number as written, for a message; only built when there is one to write.
        func text() -> String {
            Self.excerpt(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        switch number.wholeValue() {
        case .whole(let value):
            return value
        case .fraction:
            throw failure(.notWholeNumber(text(), key: key, item: item))
        case .tooLarge where key == "id":
            throw failure(.idOutOfRange(text(), item: item, valid: Movie.validIDs))
        case .tooLarge:
            throw failure(.yearOutOfRange(text(), item: item, valid: Movie.validYears))
        }
    }

    /// Throws for a value of `key` that is not `expected`: a schema error when it is another
    /// JSON value (saying so when it is null), a syntax error when it is no value at all.
    private mutating func rejectValue(
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

    private mutating func readLiteral(_ word: StaticString) throws(CatalogError) {
        let length = word.utf8CodeUnitCount
        let literal = UnsafeBufferPointer(start: word.utf8Start, count: length)
        guard bytes.count - index >= length,
            bytes[index..<(index + length)].elementsEqual(literal)
        else { throw syntax("expected a value") }
        index += length
    }

    /// Reads a JSON string starting at its opening quote; `key` names where it is, for a lone
    /// surrogate (`nil`: it is a key name).
    mutating func readString(key: String?) throws(CatalogError) -> String {
        index += 1  // the opening quote
        let start = index
        // Most strings have no escapes: scan to the closing quote and take the bytes as they are.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = try utf8String(
                    UnsafeBufferPointer(rebasing: bytes[start..<index]), at: start)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        var unescaped = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                // The file's own bytes are checked, so an error names the offset in the file:
                // escapes are ASCII, and what they stand for is always valid UTF-8.
                try checkUTF8(from: start, to: index)
                index += 1
                return String(decoding: unescaped, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &unescaped, key: key)
            case 0..<0x20:
                throw syntax(
                    "a control character (U+\(Self.hex(UInt32(byte), digits: 4))) "
                        + "must be escaped inside a string")
            default:
                unescaped.append(byte)
                index += 1
            }
        }
        throw syntax("a string is not closed before the end of the file")
    }

    /// Decodes the escape at `index` (a backslash) and appends its UTF-8 to `unescaped`.
    private mutating func readEscape(into unescaped: inout [UInt8], key: String?)
        throws(CatalogError)
    {
        guard index + 1 < bytes.count else { throw syntax("a string is not closed") }
        let letter = bytes[index + 1]
        let simple: UInt8? =
            switch letter {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            unescaped.append(simple)
            index += 2
            return
        }
        guard letter == UInt8(ascii: "u") else {
            throw syntax("\\\(Character(Unicode.Scalar(letter))) is not a JSON escape")
        }
        let first = try hexEscape(at: index)
        index += 6
        var value = first
        if (0xD800...0xDBFF).contains(first) {
            // A high surrogate must be followed by an escaped low one; together they are one scalar.
            guard let second = try? hexEscape(at: index), (0xDC00...0xDFFF).contains(second) else {
                throw loneSurrogate(first, key: key)
            }
            index += 6
            value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(first) {
            throw loneSurrogate(first, key: key)
        }
        // Every value left is a scalar: surrogates were handled above, and four hex digits (or a
        // pair) never exceed U+10FFFF.
        guard let scalar = Unicode.Scalar(value) else { throw loneSurrogate(value, key: key) }
        unescaped.append(contentsOf: scalar.utf8)
    }

    /// The value of the `\uXXXX` escape at `position`.
    private func hexEscape(at position: Int) throws(CatalogError) -> UInt32 {
        guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
            bytes[position + 1] == UInt8(ascii: "u")
        else { throw syntax("\\u must be followed by four hexadecimal digits") }
        var value: UInt32 = 0
        for byte in bytes[(position + 2)..<(position + 6)] {
            guard let digit = Self.hexDigit(byte) else {
                throw syntax("\\u must be followed by four hexadecimal digits")
            }
            value = value << 4 | digit
        }
        return value
    }

    private func loneSurrogate(_ value: UInt32, key: String?) -> CatalogError {
        failure(.loneSurrogate(value, key: key.map(Self.excerpt), item: item))
    }

    /// Throws if `bytes[start..<end]` is not valid UTF-8, naming the first bad byte's offset.
    private func checkUTF8(from start: Int, to end: Int) throws(CatalogError) {
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if let offset = UTF8Validation.firstInvalidOffset(in: raw) {
            throw syntax(
                "byte 0x\(Self.hex(UInt32(raw[offset]), digits: 2)) is not valid UTF-8",
                at: start + offset)
        }
    }

    private func utf8String(
        _ buffer: UnsafeBufferPointer<UInt8>, at offset: Int
    ) throws(CatalogError) -> String {
        switch UTF8Validation.string(from: buffer) {
        case .success(let text):
            return text
        case .failure(let invalid):
            throw syntax(
                "byte 0x\(Self.hex(UInt32(invalid.value), digits: 2)) is not valid UTF-8",
                at: offset + invalid.offset)
        }
    }

    /// Reads a JSON number, checking its grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func readNumber() throws(CatalogError) -> JSONNumber {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard skipDigits() > 0 else { throw syntax("expected a digit") }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
            throw syntax("a number cannot start with 0 followed by more digits", at: integerStart)
        }
        let integerEnd = index
        var fractionEnd = index
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() > 0 else { throw syntax("expected a digit after the decimal point") }
            fractionEnd = index
        }
        var exponent = 0
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            var negative = false
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
                negative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let digitsStart = index
            guard skipDigits() > 0 else { throw syntax("expected a digit in the exponent") }
            // Any exponent beyond a few thousand means "far too large" or "far too small" alike.
            for byte in bytes[digitsStart..<index] where exponent < 100_000 {
                exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
            }
            if negative { exponent = -exponent }
        }
        return JSONNumber(
            negative: bytes[start] == UInt8(ascii: "-"),
            integerDigits: UnsafeBufferPointer(rebasing: bytes[integerStart..<integerEnd]),
            fractionDigits: UnsafeBufferPointer(
                rebasing: bytes[min(integerEnd + 1, fractionEnd)..<fractionEnd]),
            exponent: exponent
        )
    }

    /// Skips ASCII digits; returns how many.
    private mutating func skipDigits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            index += 1
        }
        return index - start
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
    private static func startsValue(_ byte: UInt8) -> Bool {
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
        let before = bytes[..<position]
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let line = before.lazy.filter { $0 == UInt8(ascii: "\n") }.count + 1
        // Every byte that is not a UTF-8 continuation byte starts a scalar.
        let column = bytes[lineStart..<position].lazy.filter { $0 & 0xC0 != 0x80 }.count + 1
        return failure(.notJSON(line: line, column: column, reason: reason))
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
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
