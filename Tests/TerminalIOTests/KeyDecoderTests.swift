// Raw terminal bytes to keys: text (split anywhere), Enter in all its forms, every editing key in
// the forms terminals send, bracketed paste, and everything that must never become text:
// unknown or malformed sequences, stray controls, invalid UTF-8, overlong sequences.

import MoviesTestSupport
import Testing

@testable import TerminalIO

@Suite("KeyDecoder")
struct KeyDecoderTests {
    /// Decodes `chunks` one after another, as separate reads.
    private func decode(_ chunks: [UInt8]...) -> [Key] {
        var decoder = KeyDecoder()
        return chunks.flatMap { decoder.decode($0) }
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    private static let escape: UInt8 = 0x1B

    @Test func textReadTogetherIsOneKey() {
        #expect(decode(bytes("list 1")) == [.text("list 1")])
        #expect(decode(bytes("千と千尋 🎬")) == [.text("千と千尋 🎬")])
    }

    @Test func aCharacterSplitAcrossReadsIsDecodedWhole() {
        var decoder = KeyDecoder()
        let emoji = bytes("😀")
        #expect(decoder.decode(emoji.prefix(1)).isEmpty)
        #expect(decoder.decode(emoji.dropFirst().prefix(2)).isEmpty)
        #expect(decoder.decode(emoji.suffix(1) + bytes("a")) == [.text("😀a")])
    }

    @Test(
        arguments: [
            [0x0D], [0x0A], [0x0D, 0x0A],
        ] as [[UInt8]])
    func enterIsCountedOnce(sequence: [UInt8]) {
        #expect(decode(sequence) == [.enter])
    }

    @Test func returnAndLineFeedInSeparateReadsAreOneEnter() {
        #expect(decode([0x0D], [0x0A]) == [.enter])
        #expect(decode([0x0D, 0x0D]) == [.enter, .enter])
        #expect(decode([0x0A, 0x0A]) == [.enter, .enter])
        #expect(decode(bytes("a\rb\r\nc")) == [.text("a"), .enter, .text("b"), .enter, .text("c")])
    }

    @Test(
        arguments: [
            ([0x7F], Key.backspace),
            ([0x08], .backspace),
            ([0x09], .tab),
            ([0x1B, 0x5B, 0x33, 0x7E], .delete),  // ESC [ 3 ~
            ([0x1B, 0x5B, 0x41], .up),  // ESC [ A
            ([0x1B, 0x5B, 0x42], .down),
            ([0x1B, 0x5B, 0x43], .right),
            ([0x1B, 0x5B, 0x44], .left),
            ([0x1B, 0x4F, 0x41], .up),  // ESC O A (application cursor mode)
            ([0x1B, 0x4F, 0x42], .down),
            ([0x1B, 0x4F, 0x43], .right),
            ([0x1B, 0x4F, 0x44], .left),
            ([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x43], .right),  // ESC [ 1 ; 5 C (Ctrl-Right)
            ([0x1B, 0x5B, 0x48], .home),  // ESC [ H
            ([0x1B, 0x5B, 0x46], .end),  // ESC [ F
            ([0x1B, 0x4F, 0x48], .home),  // ESC O H
            ([0x1B, 0x4F, 0x46], .end),  // ESC O F
            ([0x1B, 0x5B, 0x31, 0x7E], .home),  // ESC [ 1 ~
            ([0x1B, 0x5B, 0x37, 0x7E], .home),  // ESC [ 7 ~
            ([0x1B, 0x5B, 0x34, 0x7E], .end),  // ESC [ 4 ~
            ([0x1B, 0x5B, 0x38, 0x7E], .end),  // ESC [ 8 ~
            ([0x1B, 0x5B, 0x35, 0x7E], .pageUp),  // ESC [ 5 ~
            ([0x1B, 0x5B, 0x36, 0x7E], .pageDown),  // ESC [ 6 ~
            ([0x1B, 0x5B, 0x33, 0x3B, 0x32, 0x7E], .delete),  // ESC [ 3 ; 2 ~ (Shift-Delete)
        ] as [([UInt8], Key)])
    func editingKeys(sequence: [UInt8], key: Key) {
        #expect(decode(sequence) == [key])
        #expect(decode(bytes("a") + sequence + bytes("b")) == [.text("a"), key, .text("b")])
    }

    @Test func controlKeys() {
        for control in Key.Control.allCases {
            #expect(decode([control.byte]) == [.control(control)])
        }
        #expect(
            Key.Control.allCases.map(\.byte) == [
                0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x0B, 0x0C, 0x14, 0x15, 0x17, 0x1A, 0x1C,
            ])
    }

    @Test func otherControlBytesAreDropped() {
        let used: Set<UInt8> = Set(Key.Control.allCases.map(\.byte)).union([
            0x08, 0x09, 0x0A, 0x0D, 0x1B,
        ])
        let others = (0x00...0x1F).filter { !used.contains($0) }
        #expect(others.count == 14)
        #expect(decode(bytes("a") + others + bytes("b")) == [.text("ab")])
    }

    @Test(
        arguments: [
            [0x1B, 0x5B, 0x31, 0x35, 0x7E],  // ESC [ 1 5 ~: F5
            [0x1B, 0x4F, 0x50],  // ESC O P: F1
            [0x1B, 0x5B, 0x32, 0x7E],  // ESC [ 2 ~: Insert
            [0x1B, 0x5B, 0x3C, 0x30, 0x3B, 0x31, 0x3B, 0x32, 0x4D],  // ESC [ < 0;1;2 M: mouse
            [0x1B, 0x5B, 0x3F, 0x31, 0x3B, 0x32, 0x63],  // ESC [ ? 1 ; 2 c: a device report
            [0x1B, 0x5B, 0x31, 0x3B, 0x32, 0x3B, 0x33, 0x41],  // three parameters
            [0x1B, 0x5B, 0x32, 0x41],  // ESC [ 2 A: not a key
            [0x1B, 0x5B, 0x31, 0x3A, 0x32, 0x7E],  // a sub-parameter
            [0x1B, 0x5B, 0x20, 0x41],  // an intermediate byte
            [0x1B, 0x5B, 0x39, 0x39, 0x39, 0x39, 0x39, 0x39, 0x7E],  // a number too long
            [0x1B, 0x78],  // Alt-x
        ] as [[UInt8]])
    func unknownSequencesAreDroppedWhole(sequence: [UInt8]) {
        #expect(decode(bytes("a") + sequence + bytes("b")) == [.text("ab")])
    }

    @Test func aMalformedSequenceIsDroppedAndTheByteThatBrokeItIsRead() {
        // ESC [ 1 then CR: the CR is Enter.
        #expect(decode([0x1B, 0x5B, 0x31, 0x0D] + bytes("x")) == [.enter, .text("x")])
        // ESC then DEL: Backspace.
        #expect(decode([0x1B, 0x7F]) == [.backspace])
        // Escape, then an arrow; SS3 cut short by a new sequence.
        #expect(decode([0x1B, 0x1B, 0x5B, 0x41]) == [.up])
        #expect(decode([0x1B, 0x4F, 0x1B, 0x5B, 0x42]) == [.down])
    }

    @Test func aSequenceLongerThanTheBoundIsDroppedWhole() {
        let long = [Self.escape, 0x5B] + Array(repeating: UInt8(ascii: "1"), count: 40) + [0x7E]
        #expect(decode(long + bytes("x")) == [.text("x")])
    }

    @Test(
        arguments: [
            ([0xFF], "\u{FFFD}"),
            ([0xC0, 0xAF], "\u{FFFD}\u{FFFD}"),  // overlong "/"
            ([0xC3, 0x28], "\u{FFFD}("),  // cut short by ASCII
            ([0xE2, 0x82], "\u{FFFD}"),  // cut short by the Enter after it
            ([0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}"),  // a UTF-16 surrogate
            ([0xF4, 0x90, 0x80, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),  // past U+10FFFF
            ([0x80], "\u{FFFD}"),  // a stray continuation byte
        ] as [([UInt8], String)])
    func invalidUTF8BecomesReplacementCharacters(sequence: [UInt8], shown: String) {
        let keys = decode(sequence + [0x0D])
        #expect(keys == [.text(shown), .enter])
    }

    @Test func c1ControlsInUTF8AreDropped() {
        #expect(decode(bytes("a") + [0xC2, 0x9B] + bytes("b")) == [.text("ab")])
    }

    @Test func aLoneEscapeWaitsForTheNextReadOrAFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([Self.escape]).isEmpty)
        #expect(decoder.hasPendingEscape)
        #expect(decoder.decode(bytes("[A")) == [.up], "the rest of the arrow arrived")
        #expect(!decoder.hasPendingEscape)

        #expect(decoder.decode([Self.escape]).isEmpty)
        #expect(decoder.flushPendingEscape() == .escape, "after a pause ESC was the Escape key")
        #expect(!decoder.hasPendingEscape)
        #expect(decoder.decode(bytes("[A")) == [.text("[A")])

        #expect(decoder.decode([Self.escape, 0x5B, 0x31]).isEmpty)
        #expect(decoder.hasPendingEscape)
        #expect(decoder.flushPendingEscape() == nil, "the start of a sequence is no key")
        #expect(decoder.decode(bytes("x")) == [.text("x")])

        #expect(decoder.decode([Self.escape, 0x4F]).isEmpty)
        #expect(decoder.flushPendingEscape() == nil, "nor is half an SS3")
        #expect(decoder.flushPendingEscape() == nil, "nothing was pending")
    }

    @Test func anEscapeKeyInsideAPasteIsDropped() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(pasteStart + bytes("a") + [Self.escape]) == [.text("a")])
        #expect(decoder.flushPendingEscape() == nil)
        #expect(decoder.decode(bytes("b") + pasteEnd) == [.text("b")])
    }

    // MARK: Bracketed paste

    private let pasteStart: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E]
    private let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    @Test func aPastedBlockIsTextAndEnterInOrder() {
        let pasted = bytes("list\rmove 1 2\r\ndelete 3\n")
        #expect(
            decode(pasteStart + pasted + pasteEnd) == [
                .text("list"), .enter, .text("move 1 2"), .enter, .text("delete 3"), .enter,
            ])
    }

    @Test func insideAPasteOnlyTextAndEnterSurvive() {
        let pasted =
            bytes("a\tb") + [0x03, 0x7F, 0x1B, 0x5B, 0x41, 0x04] + bytes("c") + [
                0x1B, 0x5B, 0x33, 0x7E,
            ]
        #expect(decode(pasteStart + pasted + pasteEnd + [0x03]) == [.text("a\tbc"), .control(.c)])
    }

    @Test func aPasteWithoutItsEndMarkerEndsWhenItStalls() {
        var decoder = KeyDecoder()
        // The terminal sent the start marker and some text, and never the end marker.
        #expect(decoder.decode(pasteStart + bytes("ab") + [0x03]) == [.text("ab")])
        #expect(decoder.isInsidePaste)
        #expect(decoder.decode([0x15, 0x03, 0x04]).isEmpty, "still a paste: keys are dropped")
        decoder.endStalledPaste()
        #expect(!decoder.isInsidePaste)
        #expect(
            decoder.decode([0x15, 0x03, 0x04]) == [.control(.u), .control(.c), .control(.d)],
            "after the stall the keys are keys again")
        // An end marker that comes late does nothing, and the next keys stay keys.
        #expect(decoder.decode(pasteEnd + [0x03]) == [.control(.c)])
        #expect(!decoder.isInsidePaste)
    }

    @Test func aPasteSplitAnywhereDecodesTheSame() {
        let all = pasteStart + bytes("漢字\rx") + pasteEnd + [0x09]
        let expected: [Key] = [.text("漢字"), .enter, .text("x"), .tab]
        for split in 1..<all.count {
            var decoder = KeyDecoder()
            let keys = decoder.decode(all.prefix(split)) + decoder.decode(all.dropFirst(split))
            #expect(Self.joinedText(keys) == expected, "split at \(split)")
        }
    }

    /// `keys` with adjacent text keys joined, as separate reads may cut one run of text in two.
    private static func joinedText(_ keys: [Key]) -> [Key] {
        var joined: [Key] = []
        for key in keys {
            if case .text(let more) = key, case .text(let text)? = joined.last {
                joined[joined.count - 1] = .text(text + more)
            } else {
                joined.append(key)
            }
        }
        return joined
    }

    // MARK: Hostile input

    @Test func randomBytesNeverBecomeControlText() {
        var generator = SeededGenerator(seed: 7)
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...16, using: &generator)
            let chunk = (0..<count).map { _ in
                // Mostly escape-sequence material, so sequences start and break often.
                Bool.random(using: &generator)
                    ? [0x1B, 0x5B, 0x4F, 0x31, 0x3B, 0x7E, 0x41, 0x0D, 0x0A].randomElement(
                        using: &generator) ?? 0
                    : UInt8.random(in: 0...255, using: &generator)
            }
            keys += decoder.decode(chunk)
        }
        #expect(keys.count > 100)
        for case .text(let text) in keys {
            let bad = text.unicodeScalars.filter {
                $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
            }
            #expect(bad.allSatisfy { $0 == "\t" }, "no control characters in text")
        }
    }
}
