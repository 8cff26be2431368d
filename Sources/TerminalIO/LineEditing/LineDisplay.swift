// Role in the data flow: the line view at a terminal. Output (rows drawn for Changes, lists, help,
// errors) scrolls up as ordinary lines, and the input line is kept below it: before output is
// written the input line is erased, and after it the prompt and the typed text are drawn again
// with the cursor where it was. What is typed is never hidden, and a line that ran stays in the
// scrollback as it was typed.
//
//   output ─► LineDisplay: erase input line, write output, draw input line ─► terminal

/// The line view's display: scrolling output above an input line the app draws.
@MainActor
package final class LineDisplay: ConsoleDisplay {
    private let terminal: StandardStreams
    private var renderer = InputLineRenderer()
    private var width: Int
    private var input: (prompt: String, characters: [Character], cursor: Int) = ("", [], 0)
    package private(set) var showsInput = false

    /// A display writing through `terminal` (raw, no prompt logic of its own) on a window
    /// `width` cells wide.
    package init(terminal: StandardStreams, width: Int) {
        self.terminal = terminal
        self.width = width
    }

    package var reset: TerminalMode.Reset { .line }

    package func drawInput(prompt: String, characters: [Character], cursor: Int) {
        input = (prompt, characters, cursor)
        terminal.write(
            renderer.draw(prompt: prompt, characters: characters, cursor: cursor, width: width),
            to: .standard)
        showsInput = true
    }

    package func show(_ text: String, on channel: OutputChannel) {
        guard showsInput else {
            terminal.write(text, to: channel)
            return
        }
        terminal.write(renderer.erase(width: width), to: .standard)
        terminal.write(text, to: channel)
        terminal.write(
            renderer.draw(
                prompt: input.prompt, characters: input.characters, cursor: input.cursor,
                width: width),
            to: .standard)
    }

    package func submitted() {
        // The line stays on screen as it was typed, and the command's output goes below it.
        terminal.write(renderer.finish(width: width), to: .standard)
        showsInput = false
        // The editor is empty again: a redraw before the next key shows an empty line.
        input = (input.prompt, [], 0)
    }

    package func clearAndRedraw() {
        terminal.write("\u{1B}[H\u{1B}[2J", to: .standard)
        renderer.forget()
        redrawIfShown(force: true)
    }

    package func resize(to size: TerminalMode.WindowSize) {
        width = size.columns
        redrawIfShown()
    }

    package func takeDown(ending: Bool) {
        guard showsInput else { return }
        // At the end the last line stays (the shell's prompt goes below it); before a suspend it
        // goes, so the shell's "Stopped" line is not glued to it.
        let bytes = ending ? renderer.finish(width: width) : renderer.erase(width: width)
        terminal.write(bytes, to: .standard)
        showsInput = false
    }

    package func putBack() {
        // The shell wrote below the line while the app was stopped, and a stop from outside
        // (`kill -TSTP`) never took the line down: draw it afresh where the cursor is now, not
        // over the rows the renderer remembers.
        renderer.forget()
        redrawIfShown(force: true)
    }

    package func handle(unhandled key: Key) {
        ringBell()
    }

    package func ringBell() {
        terminal.write("\u{7}", to: .standard)
    }

    private func redrawIfShown(force: Bool = false) {
        guard showsInput || force else { return }
        drawInput(prompt: input.prompt, characters: input.characters, cursor: input.cursor)
    }
}
