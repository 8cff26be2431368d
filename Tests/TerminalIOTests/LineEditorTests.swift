// The input line as a value: every key's effect on the text, the cursor and the returned Event,
// history walking, completion, the kill keys, grapheme-safe deletion and the line-length bound.

import Testing

@testable import TerminalIO

@Suite("LineEditor")
struct LineEditorTests {
    private static let names = [
        "list", "ls", "move", "mv", "delete", "rm", "del", "insert", "add", "refresh", "reload",
        "help", "?", "quit", "exit", "q",
    ]

    /// An editor after `keys`, with the events they returned.
    private func editor(
        _ keys: [Key], history: [String] = []
    ) -> (editor: LineEditor, events: [LineEditor.Event]) {
        var editor = LineEditor(commandNames: Self.names, history: history)
        let events = keys.map { editor.handle($0) }
        return (editor, events)
    }

    @Test func typingInsertsAtTheCursor() {
        let (typed, events) = editor([.text("mve"), .left, .left, .text("o")])
        #expect(typed.text == "move")
        #expect(typed.cursor == 2)
        #expect(events == [.edited, .edited, .edited, .edited])
    }

    @Test func enterSubmitsTheLineAndEmptiesTheEditor() {
        let (submitted, events) = editor([.text("list"), .left, .enter])
        #expect(events.last == .submitted("list"), "the whole line, wherever the cursor was")
        #expect(submitted.characters.isEmpty && submitted.cursor == 0)
        #expect(submitted.history == ["list"])
    }

    @Test func historySkipsBlankLinesAndImmediateRepeats() {
        let (editor, events) = editor([
            .text("list"), .enter, .text("list"), .enter, .text("  "), .enter, .enter,
            .text("move 1 2"), .enter, .text("list"), .enter,
        ])
        #expect(editor.history == ["list", "move 1 2", "list"])
        #expect(events.filter { $0 == .submitted("  ") || $0 == .submitted("") }.count == 2)
    }

    @Test func historyKeepsTheNewestThousandLines() {
        let keys = (0..<1_005).flatMap { [Key.text("line \($0)"), .enter] }
        let (editor, _) = editor(keys, history: ["older"])
        #expect(editor.history.count == LineEditor.maximumHistoryCount)
        #expect(editor.history.first == "line 5")
        #expect(editor.history.last == "line 1004")
    }

    @Test func upAndDownWalkHistoryAndKeepTheLineBeingTyped() {
        let (editor, events) = editor(
            [.text("dr"), .up, .up, .up, .down, .down, .down],
            history: ["first", "second"])
        #expect(events == [.edited, .edited, .edited, .unchanged, .edited, .edited, .unchanged])
        #expect(editor.text == "dr")
        #expect(editor.cursor == 2)

        var walked = LineEditor(commandNames: [], history: ["first", "second"])
        _ = walked.handle(.up)
        #expect(walked.text == "second" && walked.cursor == 6)
        _ = walked.handle(.up)
        #expect(walked.text == "first")
        _ = walked.handle(.text("!"))
        #expect(walked.handle(.enter) == .submitted("first!"))
        #expect(walked.history == ["first", "second", "first!"])
        #expect(walked.handle(.down) == .unchanged, "submitting ended the walk")
    }

    @Test func cursorMovesAndStopsAtTheEnds() {
        let moves: [(Key, Int, LineEditor.Event)] = [
            (.home, 0, .edited), (.left, 0, .unchanged), (.control(.b), 0, .unchanged),
            (.right, 1, .edited), (.control(.f), 2, .edited), (.end, 3, .edited),
            (.right, 3, .unchanged), (.control(.a), 0, .edited), (.control(.e), 3, .edited),
        ]
        var editor = LineEditor(commandNames: [])
        _ = editor.handle(.text("abc"))
        for (key, cursor, event) in moves {
            #expect(editor.handle(key) == event, "\(key)")
            #expect(editor.cursor == cursor, "\(key)")
        }
    }

    @Test func backspaceAndDeleteRemoveWholeCharacters() {
        let family = "👨\u{200D}👩\u{200D}👧"
        var editor = LineEditor(commandNames: [])
        _ = editor.handle(.text("a" + family + "e\u{301}漢"))
        #expect(editor.characters.count == 4)
        #expect(editor.handle(.backspace) == .edited)
        #expect(editor.text == "a" + family + "e\u{301}")
        #expect(editor.handle(.backspace) == .edited)
        #expect(editor.text == "a" + family)
        _ = editor.handle(.home)
        #expect(editor.handle(.backspace) == .unchanged)
        #expect(editor.handle(.delete) == .edited)
        #expect(editor.text == family)
        #expect(editor.handle(.delete) == .edited)
        #expect(editor.text.isEmpty)
        #expect(editor.handle(.delete) == .unchanged)
    }

    @Test func textThatJoinsItsNeighbourBecomesOneCharacter() {
        // An accent typed after its letter, and an emoji that arrived in two reads.
        let (accent, _) = editor([.text("e"), .text("\u{301}"), .text("x")])
        #expect(accent.characters == ["e\u{301}", "x"])
        #expect(accent.cursor == 2)
        let (emoji, _) = editor([.text("a👨\u{200D}"), .text("👩b")])
        #expect(emoji.characters == ["a", "👨\u{200D}👩", "b"])
        #expect(emoji.cursor == 3)
        // Inserted before a combining mark: the cursor goes after the character it joined.
        let (before, _) = editor([.text("\u{301}"), .home, .text("e")])
        #expect(before.characters == ["e\u{301}"])
        #expect(before.cursor == 1)
    }

    @Test func killKeys() {
        let (word, _) = editor([.text("move 1  22  "), .control(.w)])
        #expect(word.text == "move 1  ")
        let (twice, _) = editor([.text("move 1 2"), .control(.w), .control(.w)])
        #expect(twice.text == "move ")
        let (toStart, _) = editor([.text("move 1 2"), .left, .left, .control(.u)])
        #expect(toStart.text == " 2" && toStart.cursor == 0)
        let (toEnd, events) = editor([.text("move 1 2"), .left, .left, .control(.k), .control(.k)])
        #expect(toEnd.text == "move 1" && toEnd.cursor == 6)
        #expect(events.suffix(2) == [.edited, .unchanged])
        let (nothing, empty) = editor([.control(.w), .control(.u)])
        #expect(nothing.text.isEmpty && empty == [.unchanged, .unchanged])
    }

    // MARK: Completion

    @Test(
        arguments: [
            ("li", "list ", LineEditor.Event.edited),
            ("LI", "list ", .edited),
            ("  mo", "  move ", .edited),
            ("l", "l", .completions(["list", "ls"])),
            ("de", "del", .completions(["delete", "del"])),
            ("re", "re", .completions(["refresh", "reload"])),
            ("x", "x", .bell),
            ("list 1", "list 1", .bell),
            ("list ", "list ", .bell),
        ] as [(String, String, LineEditor.Event)])
    func tabCompletesTheCommandName(typed: String, result: String, event: LineEditor.Event) {
        let (editor, events) = editor([.text(typed), .tab])
        #expect(events.last == event)
        #expect(editor.text == result)
        #expect(editor.cursor == editor.characters.count)
    }

    @Test func tabInsideAWordOrOnAnEmptyLine() {
        let (inside, events) = editor([.text("lis"), .left, .tab])
        #expect(events.last == .bell && inside.text == "lis")
        let (beforeArguments, _) = editor([.text("mo 1 2"), .home, .right, .right, .tab])
        #expect(beforeArguments.text == "move 1 2", "no second space before the arguments")
        #expect(beforeArguments.cursor == 4)
        let (empty, all) = editor([.tab])
        #expect(all == [.completions(Self.names)] && empty.text.isEmpty)
    }

    // MARK: Control keys

    @Test func controlKeysReportWhatTheCallerMustDo() {
        #expect(editor([.text("abc"), .control(.l)]).events.last == .clearScreen)
        #expect(editor([.text("abc"), .control(.l)]).editor.text == "abc")
        let (interrupted, events) = editor([.text("abc"), .control(.c), .control(.c)])
        #expect(
            events.suffix(2) == [
                .interrupted(lineWasEmpty: false), .interrupted(lineWasEmpty: true),
            ]
        )
        #expect(interrupted.text.isEmpty && interrupted.history.isEmpty)
        #expect(editor([.control(.d)]).events == [.endOfInput])
        #expect(editor([.control(.z)]).events == [.suspend])
        #expect(editor([.text("abc"), .control(.backslash)]).events.last == .quit)
        #expect(
            editor([.pageUp, .pageDown]).events == [.unhandled(.pageUp), .unhandled(.pageDown)])
    }

    /// Escape and Ctrl-T are the screen view's (they close and open the history panel): the
    /// editor hands them on and leaves the line and its cursor as they were.
    @Test func escapeAndCtrlTAreLeftToTheCaller() {
        let (edited, events) = editor([.text("undo"), .left, .escape, .control(.t)])
        #expect(events.suffix(2) == [.unhandled(.escape), .unhandled(.control(.t))])
        #expect(edited.text == "undo")
        #expect(edited.cursor == 3)
    }

    @Test func ctrlDDeletesForwardOnALineWithText() {
        let (emptied, events) = editor([
            .text("ab"), .home, .control(.d), .control(.d), .control(.d),
        ])
        #expect(events.suffix(3) == [.edited, .edited, .endOfInput])
        #expect(emptied.text.isEmpty)
        let (atEnd, endEvents) = editor([.text("ab"), .control(.d)])
        #expect(endEvents.last == .unchanged && atEnd.text == "ab")
    }

    // MARK: The length bound

    @Test func keysThatWouldMakeTheLineTooLongAreRefused() {
        let limit = LineEditor.maximumLineBytes
        var editor = LineEditor(commandNames: Self.names)
        #expect(editor.handle(.text(String(repeating: "a", count: limit - 1))) == .edited)
        #expect(editor.handle(.text("é")) == .bell, "two bytes do not fit in one")
        #expect(editor.handle(.text("b")) == .edited)
        #expect(editor.handle(.text("c")) == .bell)
        #expect(editor.text.utf8.count == limit)
        // Room made by deleting is room again.
        _ = editor.handle(.backspace)
        _ = editor.handle(.backspace)
        #expect(editor.handle(.text("é")) == .edited)
        #expect(editor.text.utf8.count == limit)

        var tooBig = LineEditor(commandNames: Self.names)
        #expect(tooBig.handle(.text(String(repeating: "x", count: limit + 1))) == .bell)
        #expect(tooBig.text.isEmpty, "refused whole")

        var completing = LineEditor(commandNames: Self.names)
        _ = completing.handle(.text("li" + String(repeating: " ", count: limit - 3)))
        _ = completing.handle(.home)
        _ = completing.handle(.right)
        _ = completing.handle(.right)
        #expect(completing.handle(.tab) == .bell, "list would not fit")
    }

    @Test func aLineSomeTextWasRefusedFromDoesNotRun() {
        let limit = LineEditor.maximumLineBytes
        // A paste of `delete 1`, 70,000 spaces and `5`, read in pieces: the middle piece does not
        // fit, the last one would. What the line would hold is not what was pasted.
        var editor = LineEditor(commandNames: Self.names)
        #expect(editor.handle(.text("delete 1" + String(repeating: " ", count: 60_000))) == .edited)
        #expect(editor.handle(.text(String(repeating: " ", count: 10_000))) == .bell)
        #expect(editor.handle(.text("5")) == .edited)
        let shown = "delete 1" + String(repeating: " ", count: 60_000) + "5"
        #expect(editor.text == shown)
        #expect(editor.handle(.enter) == .tooLong(shown))
        #expect(editor.text.isEmpty)
        #expect(editor.history.isEmpty, "a line that did not run is not in history")

        // The next line is judged on its own.
        #expect(editor.handle(.text("list")) == .edited)
        #expect(editor.handle(.enter) == .submitted("list"))

        // Ctrl-C clears the line and what was refused from it.
        #expect(editor.handle(.text(String(repeating: "x", count: limit + 1))) == .bell)
        #expect(editor.handle(.control(.c)) == .interrupted(lineWasEmpty: true))
        #expect(editor.handle(.text("list")) == .edited)
        #expect(editor.handle(.enter) == .submitted("list"))
    }
}
