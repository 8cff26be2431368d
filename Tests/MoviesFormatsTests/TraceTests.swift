// The trace format: a header naming where the store started, then one record a line; and every
// way a line can fail to be either.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCore
@testable import MoviesFormats
@testable import SystemBoundary

@Suite("Trace")
struct TraceTests {
    @Test func theHeaderRoundTrips() throws {
        let state = MoviesState(movies: sampleMovies, nextID: 9)
        let line = Trace.line(Trace.Header(state: state, historyLimit: 50))
        #expect(
            line
                == #"{"historyLimit":50,"movies":[{"id":1,"title":"Alien","year":1979},"#
                + #"{"id":2,"title":"Heat","year":1995},{"id":3,"title":"Jaws","year":1975}],"#
                + #""nextID":9,"trace":"movies","version":2}"#)
        let header = try Trace.header(from: line)
        #expect(header.movies == sampleMovies)
        #expect(header.nextID == 9)
        #expect(header.historyLimit == 50)
    }

    /// Titles with every kind of scalar the terminal escaping escapes: C1 controls, bidi
    /// overrides and marks, line and paragraph separators, format characters (inside and above
    /// the Basic Multilingual Plane), DEL and a C0 control.
    private static let hostileTitles = [
        "a\u{202E}b", "c\u{9B}31m", "d\u{85}e", "f\u{2028}g\u{2029}h", "\u{FEFF}i",
        "j\u{200D}k\u{200B}", "l\u{61C}m", "n\u{7F}o\u{1B}[2J", "p\u{E0041}q", "r\u{AD}s🎬",
    ]

    @Test func hostileTitlesAreWrittenEscapedAndReadBackExactly() throws {
        let movies = Self.hostileTitles.enumerated().map { index, title in
            Movie(id: index + 1, title: title, year: 2000)
        }
        let header = Trace.line(Trace.Header(state: MoviesState(movies: movies), historyLimit: 5))
        let record = MoviesViewModel.Record(
            action: .fetchSucceeded(movies: movies), outcome: .changes([.reloaded(replaced: [])]),
            count: movies.count, nanoseconds: 1)
        let line = Trace.line(record)
        for written in [header, line] {
            #expect(UnsafeScalars.first(in: written) == nil, "\(UnsafeScalars.visible(written))")
        }
        #expect(line.contains(#"p\udb40\udc41q"#), "above the BMP: a surrogate pair")
        #expect(try Trace.header(from: header).movies == movies)
        #expect(try Trace.record(from: line, number: 2) == record)
    }

    @Test(arguments: [
        ("", TraceError.Problem.notAHeader),
        (#"{"action":{"undo":{}},"changes":[],"count":0,"ns":1}"#, .notAHeader),
        (#"{"historyLimit":5,"movies":[],"nextID":1,"trace":"other","version":2}"#, .notAHeader),
        (
            #"{"historyLimit":5,"movies":[],"nextID":1,"trace":"movies","version":3}"#,
            .unsupportedVersion(3)
        ),
        (
            #"{"historyLimit":-1,"movies":[],"nextID":1,"trace":"movies","version":2}"#,
            .historyLimitOutOfRange(-1)
        ),
        (
            #"{"historyLimit":5,"movies":[{"id":1,"title":" ","year":2000}],"nextID":1,"#
                + #""trace":"movies","version":2}"#,
            .invalidMovies(.emptyTitle(item: 1))
        ),
    ])
    func aBadHeaderNamesTheProblem(line: String, problem: TraceError.Problem) {
        #expect(throws: TraceError(line: 1, problem: problem)) { try Trace.header(from: line) }
    }

    @Test(arguments: [
        "", "{}", #"{"action":{"undo":{}}}"#,
        #"{"action":{"fly":{}},"changes":[],"count":0,"ns":1}"#,
    ])
    func aBadRecordNamesItsLine(line: String) {
        #expect(throws: TraceError(line: 7, problem: .notARecord)) {
            try Trace.record(from: line, number: 7)
        }
    }

    @Test(arguments: [
        (
            #"[{"id":5,"title":"A","year":2000},{"id":5,"title":"B","year":2001}]"#,
            TraceError.Problem.invalidMovies(.duplicateID(5, item: 2))
        ),
        (
            #"[{"id":1,"title":"A","year":99999}]"#,
            .invalidMovies(.outOfRange("99999", key: "year", item: 1, valid: 1888...2100))
        ),
    ])
    func aFetchedListInARecordIsCheckedLikeACatalog(movies: String, problem: TraceError.Problem) {
        // Replayed, the list would go into the state as it is: duplicate ids, impossible years.
        let line =
            #"{"action":{"fetchSucceeded":{"movies":"# + movies
            + #"}},"changes":[],"count":0,"ns":1}"#
        #expect(throws: TraceError(line: 4, problem: problem)) {
            try Trace.record(from: line, number: 4)
        }
    }

    /// One scalar of each kind the trace escapes and a catalog may hold raw, and the worst case:
    /// DEL, one byte in a catalog, six in a trace.
    /// (As `HostileText`, so that the test's name in the log shows each one escaped.)
    static let escapedScalars: [HostileText] =
        ((0x00...0x1F).map { $0 } + (0x7F...0x9F).map { $0 }
        + [0x00AD, 0x061C, 0x200B, 0x2028, 0x202E, 0xFEFF, 0xE0001])
        .compactMap(Unicode.Scalar.init).map { HostileText(String($0)) }

    @Test(arguments: escapedScalars)
    func aRefreshOfAnyListFitsTheLineTheReplayReads(scalar: HostileText) {
        // Titles of the longest length, made of nothing but the scalar: as large as escaping
        // can make a list, for its size in a catalog.
        let title = String(repeating: scalar.text, count: 500)
        let movies = (1...20).map { Movie(id: $0, title: title, year: 1999) }
        let catalogBytes = Catalog.jsonLine(movies).utf8.count
        let record = MoviesViewModel.Record(
            action: .fetchSucceeded(movies: movies),
            outcome: .changes([.reloaded(replaced: movies), .fetch(.loaded)]), count: 20,
            nanoseconds: 1)
        let lineBytes = Trace.line(record).utf8.count
        // The replay reads lines of up to two lists at `maximumExpansion` times their catalog
        // bytes, plus 64 KiB (ReplayRunner.maximumLineBytes, from the catalog's read limit).
        #expect(lineBytes <= 2 * Trace.maximumExpansion * catalogBytes + 65_536)
        #expect(
            TerminalText.escapedJSON(Catalog.jsonLine(movies)).utf8.count
                <= Trace.maximumExpansion * catalogBytes,
            "\(scalar.testDescription)")
    }

    @Test func errorsSayWhereAndWhat() {
        #expect(
            TraceError(line: 3, problem: .notARecord).description
                == #"line 3: not an action record ({"action":…,"changes":[…],"count":N,"ns":N})"#)
        #expect(
            TraceError(line: 1, problem: .empty).description
                == "line 1: the file is empty; a trace starts with a header line")
        #expect(
            TraceError(line: 2, problem: .lineTooLong(limit: 33_554_432)).description
                == "line 2: the line is longer than 32 MiB")
    }
}
