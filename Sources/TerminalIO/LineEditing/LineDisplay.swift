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
    /// Output shown between a `takeDown` for a suspend and `putBack`, to be written by `putBack`;
    /// `nil` while the display is on the terminal.
    private var held: [(text: String, channel: OutputChannel)]?

    /// A display writing through `terminal` (raw, no prompt logic of its own) on a window
    /// `width` cells wide.
    package init(terminal: StandardStreams, width: Int) {
        self.terminal = terminal
        self.width = width
    }

    package var reset: TerminalMode.Reset { .line }

    package func drawInput(prompt: String, characters: [Character], cursor: Int) {
        input = (prompt, characters, cursor)
        // Taken down: `putBack` draws the line as it is by then.
        guard held == nil else { return }
        terminal.write(
            renderer.draw(prompt: prompt, characters: characters, cursor: cursor, width: width),
            to: .standard)
        showsInput = true
    }

    package func show(_ text: String, on channel: OutputChannel) {
        if held != nil {
            held?.append((text, channel))
            return
        }
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
        if held == nil { terminal.write(renderer.finish(width: width), to: .standard) }
        showsInput = false
        // The editor is empty again: a redraw before the next key shows an empty line.
        input = (input.prompt, [], 0)
    }

    package func clearAndRedraw(in size: TerminalMode.WindowSize) {
        width = size.columns
        guard held == nil else { return }
        terminal.write("\u{1B}[H\u{1B}[2J", to: .standard)
        renderer.forget()
        redrawIfShown(force: true)
    }

    package func resize(to size: TerminalMode.WindowSize) {
        width = size.columns
        redrawIfShown()
    }

    package func takeDown(ending: Bool) {
        // Taken down for a suspend and never put back: the terminal is not the app's, and what
        // was held goes with the session.
        guard held == nil else { return }
        if !ending { held = [] }
        guard showsInput else { return }
        // At the end the last line stays (the shell's prompt goes below it); before a suspend it
        // goes, so the shell's "Stopped" line is not glued to it.
        let bytes = ending ? renderer.finish(width: width) : renderer.erase(width: width)
        terminal.write(bytes, to: .standard)
        showsInput = false
    }

    package func putBack(in size: TerminalMode.WindowSize) {
        width = size.columns
        // The shell wrote below the line while the app was stopped, and a stop from outside
        // (`kill -TSTP`) never took the line down: draw it afresh where the cursor is now, not
        // over the rows the renderer remembers. The window may be narrower by now: the line is
        // laid out for its width, or each redraw would leave a copy of its first rows above it.
        renderer.forget()
        showsInput = false
        for (text, channel) in held ?? [] {
            terminal.write(text, to: channel)
        }
        held = nil
        redrawIfShown(force: true)
    }

    /// The line view has no use for the keys the editor leaves: each rings the bell (Ctrl-T
    /// too: the history panel is the screen view's, and `history` prints the history here),
    /// except Escape, which does nothing, as in a shell.
    package func handle(unhandled key: Key) {
        switch key {
        case .escape:
            return
        case .text, .enter, .backspace, .delete, .up, .down, .left, .right, .home, .end, .pageUp,
            .pageDown, .tab, .control:
            ringBell()
        }
    }

    /// The line view gives every key to the line editor.
    package func passesToSession(_ key: Key) -> Bool {
        false
    }

    package func ringBell() {
        guard held == nil else { return }
        terminal.write("\u{7}", to: .standard)
    }

    private func redrawIfShown(force: Bool = false) {
        guard showsInput || force else { return }
        drawInput(prompt: input.prompt, characters: input.characters, cursor: input.cursor)
    }
}
