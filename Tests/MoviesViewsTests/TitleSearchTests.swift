// What `find` matches: case and diacritics ignored, scripts beyond Latin compared as text, and the
// byte-by-byte answer for ASCII titles the same as Foundation's folding gives, for every printable
// ASCII character and for a grid of titles and texts.

import MoviesTestSupport
import Testing

@testable import MoviesCore
@testable import MoviesViews

@Suite("TitleSearch")
struct TitleSearchTests {
    static func movie(_ title: String) -> Movie {
        Movie(id: 1, title: title, year: 2000)
    }

    @Test(
        arguments: [
            ("the", "The Godfather"), ("GODFATHER", "The Godfather"), ("amelie", "Amélie"),
            ("É", "Crème Brûlée"), ("brulee", "Crème Brûlée"), ("STRASSE", "Straße"),
            ("ŁODZ", "Łódź"), ("千と", "千と千尋の神隠し"), ("fi", "ﬁlm noir"),
            ("\u{1112}\u{1161}\u{11AB}", "x한y"), ("e\u{301}t", "Été"),
            ("2001:", "2001: A Space Odyssey"), ("dz", "ǅungla"), ("ＴＨＥ", "The Godfather"),
            ("the", "ＴＨＥ ＥＮＤ"),
        ] as [(String, String)])
    func findsIgnoringCaseAndDiacritics(text: String, title: String) {
        #expect(TitleSearch(text).matches(Self.movie(title)))
    }

    /// A title in compatibility forms and the same title in plain letters find each other.
    ///
    /// Compatibility forms fold to the letters they stand for. A digraph, ligatures, fullwidth and
    /// halfwidth forms, a superscript, a circled digit, a roman numeral, a unit, a script letter.
    @Test(
        arguments: [
            ("Dzungla", "ǅungla"), ("DZUNGLA", "ǄUNGLA"), ("Ljubav", "ǈubav"),
            ("Film noir", "ﬁlm noir"), ("Offside", "Oﬀside"), ("The End", "ＴＨＥ ＥＮＤ"),
            ("カタカナ", "ｶﾀｶﾅ"), ("Mr. X2", "Mr. X²"), ("1 Chapter", "① Chapter"),
            ("Louis XII", "Louis Ⅻ"), ("100 kg", "100 ㎏"), ("Hello", "ℌello"),
        ] as [(String, String)])
    func aTitleInCompatibilityFormsAndInPlainLettersFindEachOther(plain: String, compatible: String)
    {
        #expect(TitleSearch(plain).matches(Self.movie(compatible)), "\(plain) finds \(compatible)")
        #expect(TitleSearch(compatible).matches(Self.movie(plain)), "\(compatible) finds \(plain)")
    }

    @Test(
        arguments: [
            ("godfather ii", "The Godfather"), ("aliens", "Alien"),
            ("x", "Amélie"), ("the  god", "The Godfather"), ("千尋x", "千と千尋の神隠し"),
        ] as [(String, String)])
    func missesWhatIsNotThere(text: String, title: String) {
        #expect(!TitleSearch(text).matches(Self.movie(title)))
    }

    /// The shortcut for ASCII titles relies on folding being lowercasing there: checked against
    /// Foundation for every printable ASCII character.
    @Test func foldingPrintableASCIIIsLowercasing() {
        for value in UInt8(0x20)..<0x7F {
            let text = String(UnicodeScalar(value))
            #expect(TitleSearch.fold(text) == text.lowercased(), "\(value)")
        }
    }

    /// Titles and texts that take every path (an ASCII title and text, an ASCII title and a text
    /// beyond ASCII, a title beyond ASCII): each answer is Foundation's folding's.
    @Test func everyPathAnswersAsFoldingDoes() {
        let titles = [
            "The Godfather", "the godfather", "Amélie", "AMELIE", "Kelvin K", "semi;colon", "a`b",
            "Tab\there", "Straße", "STRASSE", "", "x", "Crème", "ﬁlm", "Søren", "千と",
        ]
        let texts = [
            "god", "GOD", "amelie", "é", "K", "\u{212A}", "\u{037E}", "\u{1FEF}", ";", "`", "ss",
            "ß", "tab\th", "x", "creme", "fi", "ﬁ", "ø", "千", "ＧＯＤ", "ǅ", "²",
        ]
        for title in titles {
            for text in texts {
                let expected = TitleSearch.fold(title).contains(TitleSearch.fold(text))
                #expect(
                    TitleSearch(text).matches(Self.movie(title)) == expected,
                    "\(title.debugDescription) for \(text.debugDescription)")
            }
        }
    }

    @Test(
        arguments: [
            (0, 30, "No movie matches “the” (30 movies)"), (1, 30, "1 of 30 movies matches “the”"),
            (3, 30, "3 of 30 movies match “the”"), (1, 1, "1 of 1 movie matches “the”"),
        ] as [(Int, Int, String)])
    func theSummarySaysHowManyMatched(matches: Int, total: Int, summary: String) {
        #expect(TitleSearch("the").summary(matches: matches, of: total) == summary)
    }

    /// The text is quoted escaped and cut, as any echoed input is.
    @Test func theQuotedTextIsEscapedAndCut() {
        #expect(TitleSearch("a\u{1B}[2J").quoted == #"“a\u{1B}[2J”"#)
        #expect(TitleSearch(String(repeating: "x", count: 100)).quoted.count == 63)
    }
}
