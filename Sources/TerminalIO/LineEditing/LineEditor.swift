// Role in the data flow: the input line at a terminal. Keys from `KeyDecoder` edit a line of text
// here, and Enter hands the finished line on to the command runner. The editor is a plain value
// with no I/O: it says what happened as an `Event`, and the caller draws the line (with
// `InputLineRenderer`), rings the bell, clears the screen or runs the line.
//
//   KeyDecoder ─► Key ─► LineEditor.handle ─► Event ─► redraw / run the line / quit

/// The line being typed, its cursor and the session's history, edited one key at a time.
///
/// The text is a list of `Character`s, so every edit and cursor move works on whole
/// user-perceived characters: Backspace removes an accented letter with its accent, or a family
/// emoji made of five scalars, in one press.
package struct LineEditor: Sendable {
    /// The longest line accepted, in UTF-8 bytes; a key that would make the line longer is refused
    /// with `.bell` and changes nothing.
    package static let maximumLineBytes = 64 * 1024
    /// How many submitted lines history keeps; the oldest go first.
    package static let maximumHistoryCount = 1_000

    /// What a key did.
    package enum Event: Equatable, Sendable {
        /// The text or the cursor changed: redraw the line.
        case edited
        /// Nothing changed (Left at the start, Delete at the end, Down with no newer line).
        case unchanged
        /// The key was refused (the line would be too long, no completion): ring the bell.
        case bell
        /// Enter: run this line. The editor is empty again and the line is in history.
        case submitted(String)
        /// Enter on a line some text was refused from for its length (a paste past the limit):
        /// it is not what was typed or pasted, so it must not run. The editor is empty again;
        /// this is the line as it was shown.
        case tooLong(String)
        /// Tab found several commands: the line holds their common prefix; show these names.
        case completions([String])
        /// Ctrl-L: clear the screen and draw the line again.
        case clearScreen
        /// Ctrl-C: the line was cleared. On an empty line the user is probably trying to quit:
        /// say how.
        case interrupted(lineWasEmpty: Bool)
        /// Ctrl-D on an empty line: the input has ended.
        case endOfInput
        /// Ctrl-Z: suspend the app (restore the terminal, stop; redraw when continued).
        case suspend
        /// Ctrl-\: end the app as SIGQUIT does at a terminal in cooked mode.
        case quit
        /// A key the editor has no use for (Page Up, Page Down, Escape, Ctrl-T): the caller may
        /// use it.
        case unhandled(Key)
    }

    /// The line, as characters.
    package private(set) var characters: [Character] = []
    /// Where the cursor is: the index in `characters` of the character it stands on, or
    /// `characters.count` at the end of the line.
    package private(set) var cursor = 0
    /// Submitted lines, oldest first.
    package private(set) var history: [String] = []

    /// The command names Tab completes.
    private let commandNames: [String]
    /// The size of the line in UTF-8 bytes, kept as it changes rather than counted per key.
    private var byteCount = 0
    /// Whether text was refused for length since the line was last run or cleared with Ctrl-C.
    private var refusedText = false
    /// While Up and Down walk the history: the entry shown, and the line that was being typed
    /// before the walk began (Down past the newest entry brings it back).
    private var browsing: (index: Int, draft: [Character])?

    /// - Parameters:
    ///   - commandNames: what Tab completes the first word to.
    ///   - history: earlier lines, oldest first (the newest `maximumHistoryCount` are kept).
    package init(commandNames: [String], history: [String] = []) {
        self.commandNames = commandNames
        self.history = Array(history.suffix(Self.maximumHistoryCount))
    }

    /// The line as a string.
    package var text: String { String(characters) }

    /// Applies one key.
    package mutating func handle(_ key: Key) -> Event {
        switch key {
        case .text(let typed): return insert(typed)
        case .enter: return submit()
        case .backspace: return deleteBackward()
        case .delete: return deleteForward()
        case .left, .control(.b): return moveCursor(to: cursor - 1)
        case .right, .control(.f): return moveCursor(to: cursor + 1)
        case .home, .control(.a): return moveCursor(to: 0)
        case .end, .control(.e): return moveCursor(to: characters.count)
        case .up: return recall(older: true)
        case .down: return recall(older: false)
        case .tab: return complete()
        case .control(.c): return interrupt()
        case .control(.d): return characters.isEmpty ? .endOfInput : deleteForward()
        case .control(.k): return remove(cursor..<characters.count)
        case .control(.u): return remove(0..<cursor)
        case .control(.w): return remove(previousWordStart()..<cursor)
        case .control(.l): return .clearScreen
        case .control(.z): return .suspend
        case .control(.backslash): return .quit
        case .pageUp, .pageDown, .escape, .control(.t): return .unhandled(key)
        }
    }

    // MARK: Editing

    private mutating func insert(_ typed: String) -> Event {
        guard !typed.isEmpty else { return .unchanged }
        guard byteCount + typed.utf8.count <= Self.maximumLineBytes else {
            refusedText = true
            return .bell
        }
        // The typed text may join the characters on either side into one: an accent typed after
        // its letter, or an emoji that a read split in two. So the neighbours are taken out and
        // the joined string is split into characters again.
        let start = max(cursor - 1, 0)
        let end = min(cursor + 1, characters.count)
        let before = String(characters[start..<cursor])
        let after = String(characters[cursor..<end])
        let joined = Array(before + typed + after)
        characters.replaceSubrange(start..<end, with: joined)
        byteCount += typed.utf8.count
        // The cursor goes after the typed text, or after the character the text ended inside.
        cursor = start + Self.characterCount(in: joined, coveringUTF8: (before + typed).utf8.count)
        return .edited
    }

    /// How many of `characters` it takes to cover the first `bytes` UTF-8 bytes of their text.
    private static func characterCount(in characters: [Character], coveringUTF8 bytes: Int) -> Int {
        var covered = 0
        for (index, character) in characters.enumerated() {
            if covered >= bytes { return index }
            covered += character.utf8.count
        }
        return characters.count
    }

    private mutating func deleteBackward() -> Event {
        guard cursor > 0 else { return .unchanged }
        return remove((cursor - 1)..<cursor)
    }

    private mutating func deleteForward() -> Event {
        guard cursor < characters.count else { return .unchanged }
        return remove(cursor..<(cursor + 1))
    }

    /// Removes `range` and puts the cursor where it began.
    private mutating func remove(_ range: Range<Int>) -> Event {
        guard !range.isEmpty else { return .unchanged }
        byteCount -= characters[range].reduce(0) { $0 + $1.utf8.count }
        characters.removeSubrange(range)
        cursor = range.lowerBound
        return .edited
    }

    /// Where Ctrl-W's word begins: back over spaces, then back over the word before them.
    private func previousWordStart() -> Int {
        var index = cursor
        while index > 0 && characters[index - 1].isWhitespace { index -= 1 }
        while index > 0 && !characters[index - 1].isWhitespace { index -= 1 }
        return index
    }

    private mutating func moveCursor(to index: Int) -> Event {
        let clamped = min(max(index, 0), characters.count)
        guard clamped != cursor else { return .unchanged }
        cursor = clamped
        return .edited
    }

    /// Replaces the whole line, with the cursor at its end.
    private mutating func replaceLine(with line: [Character]) {
        characters = line
        cursor = line.count
        byteCount = line.reduce(0) { $0 + $1.utf8.count }
    }

    // MARK: Lines

    private mutating func submit() -> Event {
        let line = text
        replaceLine(with: [])
        browsing = nil
        guard !refusedText else {
            refusedText = false
            return .tooLong(line)
        }
        let isBlank = line.allSatisfy(\.isWhitespace)
        if !isBlank && history.last != line {
            history.append(line)
            if history.count > Self.maximumHistoryCount { history.removeFirst() }
        }
        return .submitted(line)
    }

    private mutating func interrupt() -> Event {
        let wasEmpty = characters.isEmpty
        replaceLine(with: [])
        browsing = nil
        refusedText = false
        return .interrupted(lineWasEmpty: wasEmpty)
    }

    /// Up (`older`) or Down through history.
    ///
    /// The line being typed is kept aside while browsing and comes back after the newest entry.
    private mutating func recall(older: Bool) -> Event {
        let current = browsing?.index ?? history.count
        let next = older ? current - 1 : current + 1
        guard next >= 0, next <= history.count, next != current else { return .unchanged }
        let draft = browsing?.draft ?? characters
        if next == history.count {
            browsing = nil
            replaceLine(with: draft)
        } else {
            browsing = (next, draft)
            replaceLine(with: Array(history[next]))
        }
        return .edited
    }

    // MARK: Completion

    /// Tab: completes the command name the cursor is at the end of, when it is the first word.
    ///
    /// One match completes it and adds a space; several complete their common prefix and are
    /// listed; none, or a cursor past the first word, rings the bell. Names match whatever case
    /// was typed, as commands do.
    private mutating func complete() -> Event {
        let typedStart = characters.firstIndex { !$0.isWhitespace } ?? characters.count
        guard typedStart <= cursor else { return .bell }
        let typed = characters[typedStart..<cursor]
        let isAtWordEnd = cursor == characters.count || characters[cursor].isWhitespace
        guard isAtWordEnd, !typed.contains(where: \.isWhitespace) else { return .bell }
        let prefix = String(typed).lowercased()
        let matches = commandNames.filter { $0.lowercased().hasPrefix(prefix) }
        guard let first = matches.first else { return .bell }
        if matches.count == 1 {
            let needsSpace = cursor == characters.count
            return replaceWord(typedStart..<cursor, with: first + (needsSpace ? " " : ""))
        }
        let common = matches.dropFirst().reduce(first) { Self.commonPrefix($0, $1) }
        if common.count > typed.count {
            _ = replaceWord(typedStart..<cursor, with: common)
        }
        return .completions(matches)
    }

    /// Replaces the typed part of a word with its completion, cursor after it.
    private mutating func replaceWord(_ range: Range<Int>, with completion: String) -> Event {
        let replacement = Array(completion)
        let added = completion.utf8.count - characters[range].reduce(0) { $0 + $1.utf8.count }
        guard byteCount + added <= Self.maximumLineBytes else { return .bell }
        characters.replaceSubrange(range, with: replacement)
        byteCount += added
        cursor = range.lowerBound + replacement.count
        return .edited
    }

    private static func commonPrefix(_ first: String, _ second: String) -> String {
        String(zip(first, second).prefix { $0.lowercased() == $1.lowercased() }.map(\.0))
    }
}
