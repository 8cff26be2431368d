// Role in the data flow: the input line's view. After every key the editor changed, and around
// every piece of output that arrives while the user types, the app asks this renderer for the
// bytes that put the prompt and the typed text back on the terminal, with the cursor where the
// editor has it:
//
//   LineEditor (text, cursor) ─► InputLineRenderer.draw ─► bytes ─► terminal
//   async output ─► InputLineRenderer.erase, then the output, then draw ─► terminal

import SystemBoundary

/// The bytes that draw and erase the input line at the bottom of the terminal.
///
/// A line longer than the terminal is wide wraps over several rows, as the terminal wraps it,
/// scalar by scalar (`DisplayWidth`): one that does not fit at the end of a row starts the next,
/// and a wide one (two cells) that would straddle the right margin moves to the next row whole,
/// leaving the last cell of the row blank. The renderer remembers which row of the line the
/// cursor was left on, so the next call can go back to the line's first row. Typed text is shown escaped by
/// `TerminalText.escaped` (a typed right-to-left override shows as `\u{202E}`), and the cursor
/// is placed by `DisplayWidth`.
///
/// It writes only the prompt and the text (both escaped), carriage return, CR LF, cursor up
/// (`ESC [ n A`), cursor forward (`ESC [ n C`), erase below (`ESC [ J`) and, in `finish`,
/// cursor down (`ESC [ n B`).
///
/// Limits: a line taller than the window cannot show its first rows; the terminal clamps the
/// cursor at the top, and the line stays usable but its top is off screen. After a resize the
/// renderer cannot know whether the terminal re-wrapped the rows it drew (xterm does not; VTE,
/// kitty, iTerm2 and tmux do). It goes up by the fewer of the two counts, so it never erases
/// output above the line; the price, on some terminals, is a stale copy of the line's first rows
/// left above it. A terminal that draws a sequence of emoji joined by zero-width joiners in fewer
/// cells than its scalars take (tmux, kitty) shows the cursor after such a sequence that many
/// cells too far right; the text is right, and so is the cursor on terminals that draw each
/// member (xterm, VTE).
package struct InputLineRenderer: Sendable {
    /// What the last `draw` put on the screen, while it is still there.
    private var drawn: Drawn?

    private struct Drawn: Sendable {
        var prompt: String
        var characters: [Character]
        var cursor: Int
        var width: Int
        /// The layout at `width`.
        var layout: Layout
    }

    package init() {}

    /// Draws `prompt` and `characters` with the cursor before `characters[cursor]` (or after the
    /// last), replacing the line drawn last, if any, in a terminal `width` cells wide.
    ///
    /// With nothing drawn yet, the line starts at the beginning of the cursor's row.
    package mutating func draw(
        prompt: String, characters: [Character], cursor: Int, width: Int
    ) -> String {
        let width = Self.usableWidth(width)
        let cursor = min(max(cursor, 0), characters.count)
        var bytes = moveToStart(width: width)
        let layout = Layout(prompt: prompt, characters: characters, cursor: cursor, width: width)
        bytes += layout.shown
        if layout.endsAtMargin {
            // The terminal holds the cursor on the last cell until the next character (deferred
            // wrap), and erasing there would erase that cell: move to the next row first.
            bytes += "\r\n"
        }
        bytes += "\u{1B}[J"
        bytes += Self.move(from: layout.end, to: layout.cursor)
        drawn = Drawn(
            prompt: prompt, characters: characters, cursor: cursor, width: width, layout: layout)
        return bytes
    }

    /// Erases the line, all its rows, and leaves the cursor at the start of its first row, so
    /// output written next appears where the line was, and `draw` puts the line back below it.
    ///
    /// Empty when nothing is drawn.
    package mutating func erase(width: Int) -> String {
        guard drawn != nil else { return "" }
        let bytes = moveToStart(width: Self.usableWidth(width)) + "\u{1B}[J"
        drawn = nil
        return bytes
    }

    /// Moves the cursor below the line, to the start of a fresh row, and leaves the line on the
    /// screen as it is: what Enter does, so the command's output appears under the line that ran.
    package mutating func finish(width: Int) -> String {
        guard let drawn else { return "" }
        let width = Self.usableWidth(width)
        guard width == drawn.width else {
            // The window changed since the line was drawn: going down by the old layout could
            // stop inside the line. Draw it again at this width, then finish that.
            let redraw = draw(
                prompt: drawn.prompt, characters: drawn.characters, cursor: drawn.cursor,
                width: width)
            return redraw + finish(width: width)
        }
        self.drawn = nil
        let layout = drawn.layout
        let down = layout.end.row - layout.cursor.row
        return (down > 0 ? "\u{1B}[\(down)B" : "") + (layout.endsAtMargin ? "\r" : "\r\n")
    }

    /// Forgets the drawn line, for when the screen was cleared (Ctrl-L) or the caller wrote
    /// something that replaced it: the next `draw` starts on the cursor's row.
    package mutating func forget() {
        drawn = nil
    }

    /// Carriage return and up to the line's first row (by the previous layout); nothing before
    /// the first draw but the carriage return.
    private func moveToStart(width: Int) -> String {
        guard let drawn else { return "\r" }
        var rows = drawn.layout.cursor.row
        if width != drawn.width {
            let rewrapped = Layout(
                prompt: drawn.prompt, characters: drawn.characters, cursor: drawn.cursor,
                width: width)
            rows = min(rows, rewrapped.cursor.row)
        }
        return "\r" + (rows > 0 ? "\u{1B}[\(rows)A" : "")
    }

    /// Bytes that move the cursor from `start` to `target`, which is not below it.
    private static func move(from start: Layout.Position, to target: Layout.Position) -> String {
        guard start != target else { return "" }
        let up = start.row - target.row
        return (up > 0 ? "\u{1B}[\(up)A" : "") + "\r"
            + (target.column > 0 ? "\u{1B}[\(target.column)C" : "")
    }

    /// Widths below 2 cannot hold a wide character; they are treated as 2.
    private static func usableWidth(_ width: Int) -> Int { max(width, 2) }
}

/// Where each part of the line lands in a terminal of a given width.
private struct Layout: Sendable {
    struct Position: Equatable, Sendable {
        var row: Int
        var column: Int
    }

    /// The prompt and the text as written to the terminal (escaped).
    private(set) var shown = ""
    /// Where the cursor goes: the start of the character at the editor's cursor, or `end`.
    private(set) var cursor = Position(row: 0, column: 0)
    /// Where the terminal's cursor is after `shown` (on the next row when it ends at the margin).
    private(set) var end = Position(row: 0, column: 0)
    /// Whether `shown` ends exactly at the right margin.
    private(set) var endsAtMargin = false

    init(prompt: String, characters: [Character], cursor cursorIndex: Int, width: Int) {
        var position = Position(row: 0, column: 0)
        var cursorPosition: Position?
        /// Where a scalar `cells` wide starts: on the next row if it does not fit on this one.
        func start(cells: Int) -> Position {
            position.column + cells > width || position.column == width
                ? Position(row: position.row + 1, column: 0) : position
        }
        /// Places each character of `text` scalar by scalar, as the terminal advances its
        /// cursor: a nonspacing mark draws on the cell before it, a spacing mark or a skin tone
        /// takes cells of its own and may wrap apart from its base.
        func place(_ text: String) {
            for character in text {
                for scalar in character.unicodeScalars {
                    let cells = DisplayWidth.of(scalar)
                    if position.column + cells > width {
                        position = Position(row: position.row + 1, column: 0)
                    }
                    position.column += cells
                }
            }
            shown += text
        }
        place(TerminalText.escaped(prompt))
        for (index, character) in characters.enumerated() {
            let shownCharacter = TerminalText.escaped(String(character))
            if index == cursorIndex, let first = shownCharacter.unicodeScalars.first {
                cursorPosition = start(cells: DisplayWidth.of(first))
            }
            place(shownCharacter)
        }
        endsAtMargin = position.column == width
        end = start(cells: 0)
        self.cursor = cursorPosition ?? end
    }
}
