// The page's sentence helpers: lists, ranges, and paragraphs wrapped without breaking a code span
// or a link.

import Testing

@testable import movies_bench

@Suite("Prose")
struct ProseTests {
    @Test func listsJoinWithCommasAndAnd() {
        #expect(Prose.list([]) == "")
        #expect(Prose.list(["a"]) == "a")
        #expect(Prose.list(["a", "b"]) == "a and b")
        #expect(Prose.list(["a", "b", "c"]) == "a, b and c")
    }

    @Test func aRangeShowsOneFigureWhenBothEndsReadAlike() {
        #expect(Prose.range([43.0, 29.04, 38.9], Format.meanBytes) == "29.0 B to 43.0 B")
        #expect(Prose.range([14.0, 14.04], Format.meanBytes) == "14.0 B")
        #expect(Prose.range([], Format.meanBytes) == "")
    }

    @Test func figuresAtSizesNameTheUnitOnce() {
        #expect(
            Prose.atSizes([("1.93", 1_000), ("1.05", 10_000), ("1.01", 100_000)])
                == "1.93 at 1,000 movies, 1.05 at 10,000 and 1.01 at 100,000")
    }

    @Test func wrappingBreaksAtSpacesButNotInsideCodeSpansOrLinks() {
        let text = "aaaa bbbb `c c c` [d d](e f) gggg"
        #expect(Prose.wrapped(text, width: 10) == "aaaa bbbb\n`c c c`\n[d d](e f)\ngggg")
        #expect(Prose.wrapped(text, width: 100) == text)
        #expect(
            Prose.wrapped("one two three", width: 8, first: "- ", rest: "  ")
                == "- one\n  two\n  three")
    }
}
