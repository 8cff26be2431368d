// The strict JSON reader, through the catalog's schema (`MovieListJSON`, `MovieJSON`): what it
// accepts (numbers that are whole however written, escapes, surrogate pairs, unknown keys, a byte
// order mark) and the exact problem, item and key it names for everything else, including the
// cases a general JSON decoder calls "not valid JSON".

import Foundation
import Testing

@testable import MoviesCore
@testable import MoviesFormats

@Suite("JSONReader")
struct JSONReaderTests {
    /// Decodes `json` through the reader with the catalog's checks.
    private func decode(_ json: String) throws(CatalogError) -> [Movie] {
        try Catalog.decode(Data(json.utf8), file: "x.json")
    }

    private func movie(_ fields: String) -> String {
        "[{\(fields)}]"
    }

    @Test(arguments: [
        (#""id": 7, "title": "A", "year": 1999"#, Movie(id: 7, title: "A", year: 1999)),
        (#""year": 1999, "title": "A", "id": 7"#, Movie(id: 7, title: "A", year: 1999)),
        (#""id": 7.0, "title": "A", "year": 1.999e3"#, Movie(id: 7, title: "A", year: 1999)),
        (#""id": 70e-1, "title": "A", "year": 19990E-1"#, Movie(id: 7, title: "A", year: 1999)),
        (
            #""id": 7, "title": "A\"B\\C\/D", "year": 1999"#,
            Movie(id: 7, title: #"A"B\C/D"#, year: 1999)
        ),
        (#""id": 7, "title": "\u0041\u00e9", "year": 1999"#, Movie(id: 7, title: "Aé", year: 1999)),
        (#""id": 7, "title": "\ud83c\udfac", "year": 1999"#, Movie(id: 7, title: "🎬", year: 1999)),
        (
            #""id": 7, "title": "Amélie 🎬", "year": 1999"#,
            Movie(id: 7, title: "Amélie 🎬", year: 1999)
        ),
        (#""\u0069d": 7, "titl\u0065": "A", "year": 1999"#, Movie(id: 7, title: "A", year: 1999)),
        (
            #""id": 7, "title": "A", "year": 1999, "extra": {"a": [1, -2.5e3, {"b": null}], "c": true}"#,
            Movie(id: 7, title: "A", year: 1999)
        ),
        (
            #"  "id" :7 ,"title":"A","year":1999 , "x": [], "y": {}, "z": false  "#,
            Movie(id: 7, title: "A", year: 1999)
        ),
    ])
    func acceptsAMovieHoweverItIsWritten(fields: String, expected: Movie) throws {
        #expect(try decode(movie(fields)) == [expected])
    }

    @Test func skipsAByteOrderMarkAndSurroundingWhitespace() throws {
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        bytes += Array(" \n\t[\r\n{\"id\": 1, \"title\": \"A\", \"year\": 1999}\n]\n".utf8)
        #expect(
            try Catalog.decode(Data(bytes), file: "x.json") == [
                Movie(id: 1, title: "A", year: 1999)
            ])
    }

    @Test(arguments: [
        (#""id": 1.5, "title": "A", "year": 1999"#, "1.5", "id"),
        (#""id": 15e-1, "title": "A", "year": 1999"#, "15e-1", "id"),
        (#""id": 1e-400, "title": "A", "year": 1999"#, "1e-400", "id"),
        (#""id": 1, "title": "A", "year": 1999.5"#, "1999.5", "year"),
        (
            #""id": 1, "title": "A", "year": 1999.0000000000000000001"#, "1999.0000000000000000001",
            "year"
        ),
    ])
    func aFractionalNumberIsNotWhole(fields: String, text: String, key: String) {
        #expect(
            throws: CatalogError(file: "x.json", problem: .notWholeNumber(text, key: key, item: 1))
        ) {
            try decode(movie(fields))
        }
    }

    @Test(arguments: [
        ("99999999999999999999", "99999999999999999999"), ("1e400", "1e400"),
        ("-9223372036854775809", "-9223372036854775809"), ("2101", "2101"), ("0", "0"),
        ("-0", "0"), ("1887", "1887"), ("2.101e3", "2101"),
    ])
    func aYearOutOfRangeIsNamedEvenBeyondInt(written: String, shown: String) {
        let json = movie(#""id": 1, "title": "A", "year": \#(written)"#)
        #expect(
            throws: CatalogError(
                file: "x.json",
                problem: .outOfRange(shown, key: "year", item: 1, valid: Movie.validYears))
        ) {
            try decode(json)
        }
    }

    @Test func aNumberQuotedInAMessageIsShortened() {
        let digits = String(repeating: "9", count: 100_000)
        #expect(
            throws: CatalogError(
                file: "x.json",
                problem: .outOfRange(
                    String(repeating: "9", count: 40) + "…", key: "id", item: 1,
                    valid: Movie.validIDs))
        ) {
            try decode(movie(#""id": \#(digits), "title": "A", "year": 1999"#))
        }
    }

    @Test(arguments: [
        (#""id": 1, "title": "\ud800", "year": 1999"#, 0xD800, "title" as String?),
        (#""id": 1, "title": "x\uDBFFy", "year": 1999"#, 0xDBFF, "title"),
        (#""id": 1, "title": "\udc00", "year": 1999"#, 0xDC00, "title"),
        (#""id": 1, "title": "\ud800\u0041", "year": 1999"#, 0xD800, "title"),
        (#""id": 1, "title": "\ud800\ud800", "year": 1999"#, 0xD800, "title"),
        (#""id": 1, "title": "A", "year": 1999, "note": ["\udfff"]"#, 0xDFFF, "note"),
        (#""id": 1, "title": "A", "year": 1999, "\ud800": 1"#, 0xD800, nil),
    ])
    func aLoneSurrogateIsNamed(fields: String, code: UInt32, key: String?) {
        #expect(
            throws: CatalogError(
                file: "x.json", problem: .loneSurrogate(code, key: key, item: 1))
        ) {
            try decode(movie(fields))
        }
    }

    @Test(arguments: [
        (#""id": 1, "id": 2, "title": "A", "year": 1999"#, "id"),
        (#""id": 1, "title": "A", "title": "B", "year": 1999"#, "title"),
        (#""id": 1, "title": "A", "year": 1999, "y\u0065ar": 2000"#, "year"),
        (#""id": 1, "title": "A", "year": 1999, "note": 1, "note": 2"#, "note"),
    ])
    func aDuplicateKeyIsNamed(fields: String, key: String) {
        #expect(throws: CatalogError(file: "x.json", problem: .duplicateKey(key, item: 1))) {
            try decode(movie(fields))
        }
    }

    @Test func theItemNumberCountsFromOne() {
        let json = """
            [{"id": 1, "title": "A", "year": 1999},
             {"id": 2, "title": "B", "year": 1999},
             {"id": 3.25, "title": "C", "year": 1999}]
            """
        #expect(
            throws: CatalogError(
                file: "x.json", problem: .notWholeNumber("3.25", key: "id", item: 3))
        ) {
            try decode(json)
        }
    }

    @Test(arguments: [
        ("[1]", "item 1: expected a movie object"),
        (#"[{"id": 1, "title": "A", "year": 1999}, "B"]"#, "item 2: expected a movie object"),
        (#""x""#, "the top level: expected an array of movies"),
        (#"[{"id": true, "title": "A", "year": 1999}]"#, #"item 1, "id": expected a whole number"#),
        (
            #"[{"id": 1, "title": "A", "year": null}]"#,
            #"item 1, "year": expected a whole number, found null"#
        ),
        (#"[{"id": 1, "title": 5, "year": 1999}]"#, #"item 1, "title": expected a string"#),
        (#"[{"id": 1, "title": ["A"], "year": 1999}]"#, #"item 1, "title": expected a string"#),
        (#"[{"title": "A", "year": 1999}]"#, #"item 1: missing "id""#),
        (#"[{"id": 1, "title": "A"}]"#, #"item 1: missing "year""#),
        ("[{}]", #"item 1: missing "id""#),
    ])
    func aWrongShapeIsASchemaError(json: String, detail: String) {
        #expect(throws: CatalogError(file: "x.json", problem: .wrongSchema(detail))) {
            try decode(json)
        }
    }

    @Test(arguments: [
        ("movies!", 1, 1, "expected a JSON array of movies"),
        ("[", 1, 2, "the file ends inside the list"),
        ("[{", 1, 3, "the file ends inside a movie"),
        (#"[{"id": 1, "title": "A", "year": 1999},]"#, 1, 40, "expected a movie object"),
        (#"[{"id": 1, "title": "A", "year": 1999,}]"#, 1, 39, "expected a key in quotes"),
        (#"[{"id": 1 "title": "A", "year": 1999}]"#, 1, 11, "expected ',' or '}'"),
        (#"[{"id": 1, "title" "A", "year": 1999}]"#, 1, 20, "expected ':' after a key"),
        (
            #"[{"id": 01, "title": "A", "year": 1999}]"#, 1, 9,
            "a number cannot start with 0 followed by more digits"
        ),
        (
            #"[{"id": 1., "title": "A", "year": 1999}]"#, 1, 11,
            "expected a digit after the decimal point"
        ),
        (#"[{"id": 1e, "title": "A", "year": 1999}]"#, 1, 11, "expected a digit in the exponent"),
        (#"[{"id": -, "title": "A", "year": 1999}]"#, 1, 10, "expected a digit"),
        (#"[{"id": +1, "title": "A", "year": 1999}]"#, 1, 9, "expected a value"),
        (#"[{"id": NaN, "title": "A", "year": 1999}]"#, 1, 9, "expected a value"),
        (#"[{"id": 1, "title": "A\q", "year": 1999}]"#, 1, 23, #"\q is not a JSON escape"#),
        (
            #"[{"id": 1, "title": "A\u12", "year": 1999}]"#, 1, 23,
            #"\u must be followed by four hexadecimal digits"#
        ),
        (#"[{"id": 1, "title": "A"#, 1, 23, "a string is not closed before the end of the file"),
        (#"[{"id": 1, "title": "A", "year": 1999, "x": tru}]"#, 1, 45, "expected a value"),
        (#"[{"id": 1, "title": "A", "year": 1999, "x": [1 2]}]"#, 1, 48, "expected ',' or ']'"),
        (
            #"[{"id": 1, "title": "A", "year": 1999, "x": [1, {"a" 1}]}]"#, 1, 54,
            "expected ':' after a key"
        ),
        (
            #"[{"id": 1, "title": "A", "year": 1999, "x": [[[["#, 1, 49,
            "the file ends where a value should be"
        ),
        ("[]]", 1, 3, "unexpected text after the list"),
        ("[] x", 1, 4, "unexpected text after the list"),
        ("[\n  {\"id\": 1,\n   \"title\": \"é\" x", 3, 17, "expected ',' or '}'"),
    ])
    func aSyntaxErrorSaysWhereAndWhat(json: String, line: Int, column: Int, reason: String) {
        #expect(
            throws: CatalogError(
                file: "x.json", problem: .notJSON(line: line, column: column, reason: reason))
        ) {
            try decode(json)
        }
    }

    @Test func rawControlCharactersAndInvalidUTF8AreSyntaxErrors() {
        let newline =
            Data(#"[{"id": 1, "title": "A"#.utf8) + Data([0x0A])
            + Data(#"B", "year": 1999}]"#.utf8)
        #expect(
            throws: CatalogError(
                file: "x.json",
                problem: .notJSON(
                    line: 1, column: 23,
                    reason: "a control character (U+000A) must be escaped inside a string"))
        ) {
            try Catalog.decode(newline, file: "x.json")
        }
        // The column is the file's, after escapes too (four of six bytes each before the 0xFF).
        for (title, column) in [("AB", 24), (#"\u00e9\u00e9\u00e9\u00e9"#, 46)] {
            let invalid =
                Data((#"[{"id": 1, "title": ""# + title).utf8) + Data([0xFF])
                + Data(#"", "year": 1999}]"#.utf8)
            #expect(
                throws: CatalogError(
                    file: "x.json",
                    problem: .notJSON(
                        line: 1, column: column, reason: "byte 0xFF is not valid UTF-8"))
            ) {
                try Catalog.decode(invalid, file: "x.json")
            }
        }
        let utf16 = Data([0xFF, 0xFE]) + Data("[]".utf16.flatMap { [UInt8($0), 0] })
        #expect(
            throws: CatalogError(
                file: "x.json",
                problem: .notJSON(line: 1, column: 1, reason: "expected a JSON array of movies"))
        ) {
            try Catalog.decode(utf16, file: "x.json")
        }
    }

    @Test func deepNestingIsAnErrorNotAStackOverflow() {
        let json =
            #"[{"id": 1, "title": "A", "year": 1999, "x": "#
            + String(repeating: "[", count: 1_000_000)
        #expect(
            throws: CatalogError(
                file: "x.json",
                problem: .notJSON(
                    line: 1, column: json.utf8.count + 1,
                    reason: "the file ends where a value should be"))
        ) {
            try decode(json)
        }
    }

    @Test(.hangGuard)
    func aMovieWithManyUnknownKeysIsReadWithoutQuadraticCost() throws {
        var json = #"[{"id": 1, "title": "A", "year": 1999"#
        for key in 0..<50_000 { json += #", "k\#(key)": 0"# }
        json += "}]"
        #expect(try decode(json) == [Movie(id: 1, title: "A", year: 1999)])
        #expect(throws: CatalogError(file: "x.json", problem: .duplicateKey("k7", item: 1))) {
            try decode(String(json.dropLast(2)) + #", "k7": 1}]"#)
        }
    }
}
