// Splitting lines into words: whitespace, both kinds of quotes, backslash escapes, and the two
// ways a line can be malformed.

import MoviesTestSupport
import Testing

@testable import MoviesCLI

@Suite("Tokenizer")
struct TokenizerTests {
    /// Lines and their words, typed: `HostileText` shows the tabs escaped in the test log.
    static let lines: [(HostileText, [String])] = [
        ("", []),
        ("   \t ", []),
        ("list", ["list"]),
        ("  move   1\t2  ", ["move", "1", "2"]),
        (#"insert "Blade Runner" 1982"#, ["insert", "Blade Runner", "1982"]),
        ("insert 'Blade Runner' 1982", ["insert", "Blade Runner", "1982"]),
        (#"add "Schindler's List" 1993"#, ["add", "Schindler's List", "1993"]),
        (#"add 'Schindler\'s List' 1993"#, ["add", "Schindler's List", "1993"]),
        (#"add "Say \"Hi\"" 2000"#, ["add", #"Say "Hi""#, "2000"]),
        (#"add Blade\ Runner 1982"#, ["add", "Blade Runner", "1982"]),
        (#"add "a\\b" 1"#, ["add", #"a\b"#, "1"]),
        (#"add "" 1999"#, ["add", "", "1999"]),
        (#"add ''"#, ["add", ""]),
        (#"add x"y z"w"#, ["add", "xy zw"]),
        ("add \"Amélie 🎬 שלום\" 2001", ["add", "Amélie 🎬 שלום", "2001"]),
        // A combining mark right after a quote or a backslash does not hide it.
        ("add \"\u{301}x\u{301}\" 1", ["add", "\u{301}x\u{301}", "1"]),
        ("add \\\u{301}x 1", ["add", "\u{301}x", "1"]),
        ("add\u{00A0}x\u{2003}y", ["add", "x", "y"]),
    ]

    @Test(arguments: lines)
    func splitsWords(line: HostileText, words: [String]) throws {
        #expect(try Tokenizer.words(in: line.text) == words)
    }

    @Test(
        arguments: [
            (#"add "Blade Runner 1982"#, Tokenizer.Error.unterminatedQuote("\"")),
            ("add 'Blade", .unterminatedQuote("'")),
            (#"add "it's"' 1"#, .unterminatedQuote("'")),
            (#"add x\"#, .danglingBackslash),
            (#"add "x\"#, .danglingBackslash),
        ] as [(String, Tokenizer.Error)])
    func rejectsMalformedLines(line: String, error: Tokenizer.Error) {
        #expect(throws: error) { try Tokenizer.words(in: line) }
    }

    @Test(
        arguments: [
            ("list", ["list"]),
            ("", [""]),
            ("list; delete 1", ["list", " delete 1"]),
            ("list\ndelete 1", ["list", "delete 1"]),
            ("list;", ["list", ""]),
            (#"insert "Up; again" 2009; list"#, [#"insert "Up; again" 2009"#, " list"]),
            ("insert 'Up; again' 2009;list", ["insert 'Up; again' 2009", "list"]),
            (#"insert Up\;again 2009; list"#, [#"insert Up\;again 2009"#, " list"]),
            (#"insert "say \"a;b\"" 2009; list"#, [#"insert "say \"a;b\"" 2009"#, " list"]),
            ("list # a comment; delete 1\nmove 1 2", ["list ", "move 1 2"]),
            ("# only a comment", [""]),
            ("add Film#1 2000; list", ["add Film#1 2000", " list"]),
            (##"add "#1" 2000; list"##, [##"add "#1" 2000"##, " list"]),
            ("insert 'unterminated; list", ["insert 'unterminated; list"]),
        ] as [(String, [String])])
    func splitsCommandsAtSemicolonsAndLineBreaksOutsideQuotes(text: String, commands: [String]) {
        #expect(Tokenizer.commands(in: text) == commands)
    }
}
