// Bytes into lines: line endings, chunks cut anywhere (in a CRLF, a UTF-8 sequence, the byte order
// mark), the 64 KiB bound reported once with the following lines intact, and invalid UTF-8 named
// rather than replaced.

import Testing

@testable import TerminalIO

@Suite("LineSplitter")
struct LineSplitterTests {
    private let limit = LineSplitter.maximumLineLength

    /// The events for `chunks` fed in order, then end of input.
    private func events(_ chunks: [[UInt8]]) -> [InputEvent] {
        var splitter = LineSplitter()
        return chunks.flatMap { splitter.split($0) } + splitter.finish()
    }

    private func events(_ text: String) -> [InputEvent] {
        events([Array(text.utf8)])
    }

    /// Every way of cutting `bytes` into two chunks gives `expected`.
    private func expectEveryCut(_ bytes: [UInt8], _ expected: [InputEvent]) {
        for cut in 0...bytes.count {
            #expect(
                events([Array(bytes[..<cut]), Array(bytes[cut...])]) == expected, "cut at \(cut)")
        }
    }

    @Test func splitsAtNewlinesAndDropsTheLineEnding() {
        #expect(events("") == [])
        #expect(events("list\n") == [.line("list")])
        #expect(events("list\nmove 1 2\n") == [.line("list"), .line("move 1 2")])
        #expect(events("a\r\nb\r\n") == [.line("a"), .line("b")])
        #expect(events("\n\n") == [.line(""), .line("")])
        #expect(events("a\rb\n") == [.line("a\rb")], "a lone CR is text, escaped when shown")
    }

    @Test func aLastLineWithoutNewlineCountsAtEndOfInput() {
        var splitter = LineSplitter()
        #expect(splitter.split(Array("quit".utf8)) == [])
        #expect(splitter.finish() == [.line("quit")])
        #expect(events("a\nb\r") == [.line("a"), .line("b")])
    }

    @Test func chunksMayCutAnywhere() {
        expectEveryCut(Array("list\r\nAmélie 🎬\n".utf8), [.line("list"), .line("Amélie 🎬")])
    }

    @Test func aByteOrderMarkIsDroppedOnlyAtTheVeryStart() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        expectEveryCut(
            bom + Array("list\n".utf8) + bom + Array("x\n".utf8),
            [
                .line("list"), .line("\u{FEFF}x"),
            ])
        #expect(events([bom]) == [.line("")])
        #expect(
            events([[0xEF, 0xBB], Array("\n".utf8)]) == [
                .invalidUTF8(.init(offset: 0, value: 0xEF))
            ])
    }

    @Test func aLineAtTheLimitIsALine() {
        let line = String(repeating: "x", count: limit)
        #expect(events(line + "\n") == [.line(line)])
        #expect(events(line + "\r\n") == [.line(line)])
        #expect(events("\u{FEFF}" + line + "\r\n") == [.line(line)])
    }

    @Test func aLineOneByteOverTheLimitIsReportedOnce() {
        let over = String(repeating: "x", count: limit + 1)
        #expect(events(over + "\nlist\n") == [.lineTooLong(limit: limit), .line("list")])
        #expect(events(over) == [.lineTooLong(limit: limit)])
    }

    @Test func aHugeLineIsReportedAsSoonAsItPassesTheLimitAndSkippedUnstored() {
        var splitter = LineSplitter()
        let chunk = [UInt8](repeating: 0, count: 65_536)
        var reported: [InputEvent] = []
        // 4 MiB of one line (64 times the limit) in 64 KiB chunks, as `< /dev/zero` sends it:
        // one event, early.
        for round in 0..<64 {
            let events = splitter.split(chunk)
            reported += events
            if round == 1 { #expect(reported == [.lineTooLong(limit: limit)]) }
        }
        reported += splitter.split(Array("\ndelete 1\n".utf8)) + splitter.finish()
        #expect(reported == [.lineTooLong(limit: limit), .line("delete 1")])
    }

    @Test func invalidUTF8IsReportedWithItsOffsetNotReplaced() {
        #expect(
            events([Array("ok\nab".utf8) + [0xFF] + Array("c\nnext\n".utf8)]) == [
                .line("ok"), .invalidUTF8(.init(offset: 2, value: 0xFF)), .line("next"),
            ])
        // An encoded surrogate and an overlong form are invalid, however the chunks fall.
        expectEveryCut(
            [0x61, 0xED, 0xA0, 0x80, 0x0A], [.invalidUTF8(.init(offset: 1, value: 0xED))])
        expectEveryCut([0xC0, 0xAF, 0x0A], [.invalidUTF8(.init(offset: 0, value: 0xC0))])
    }

    @Test func nulAndControlsAreText() {
        #expect(events("a\u{0}b\u{1B}\n") == [.line("a\u{0}b\u{1B}")])
    }
}
