// Role in the data flow: the screen view's bottom row. The console edits the typed line and hands
// it here after every key; the row shows the prompt and as much of the text as fits, scrolled
// sideways so the cursor stays in view, and the terminal's cursor is left where the editor's is.
//
//   TerminalConsole ─► drawInput(prompt, characters, cursor) ─► input row ─► flush

import SystemBoundary
import TerminalIO

extension ScreenView {
    /// The prompt, the typed text and where the cursor is in it.
    struct InputLine {
        var prompt: String
        var characters: [Character]
        var cursor: Int
    }

    /// Draws the input line: the prompt and the typed text, with the cursor before
    /// `characters[cursor]`.
    package func drawInput(prompt: String, characters: [Character], cursor: Int) {
        input = InputLine(prompt: prompt, characters: characters, cursor: cursor)
        hasInput = true
        flush(input: true)
    }

    /// The input line, scrolled sideways so the cursor is always on screen.
    ///
    /// What fits is measured by `DisplayWidth.atMost`, so the row never wraps. The cursor is not
    /// placed by a count of cells: the terminal saves its own position after the text before the
    /// cursor (DECSC) and returns there after the rest (DECRC), so it lands right even where the
    /// terminal draws a character in fewer cells than counted (tmux joins emoji sequences).
    func drawnInputLine() -> String {
        guard inputRow >= 1 else { return "" }
        let prompt = DisplayWidth.truncated(input.prompt, toCells: max(0, size.columns - 2))
        let room = max(1, size.columns - DisplayWidth.atMost(prompt) - 1)
        let shown = input.characters.map { TerminalText.escaped(String($0)) }
        let cursor = min(max(0, input.cursor), shown.count)
        // Start far enough right that the text before the cursor fits.
        var start = cursor
        var cells = 0
        while start > 0, cells + DisplayWidth.atMost(shown[start - 1]) <= room {
            start -= 1
            cells += DisplayWidth.atMost(shown[start])
        }
        var after = ""
        for piece in shown[cursor...] {
            let width = DisplayWidth.atMost(piece)
            guard cells + width <= room else { break }
            after += piece
            cells += width
        }
        return Self.moveTo(row: inputRow) + "\u{1B}[2K" + prompt + shown[start..<cursor].joined()
            + "\u{1B}7" + after + "\u{1B}8"
    }
}
