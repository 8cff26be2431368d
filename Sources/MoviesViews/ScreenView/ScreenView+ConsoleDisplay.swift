// Role in the data flow: the screen view's second job. At a terminal the console edits the input line
// and hands everything it must show to a display; with `--screen` that display is the screen view,
// which puts output on its message line or over the list, and the input line in the last row.

import TerminalIO

/// The screen view as the console's display: output lands on the message line (one line) or over
/// the list (several), and the input line has the bottom row to itself.
extension ScreenView: ConsoleDisplay {
    package var reset: TerminalMode.Reset { .screen }

    /// The bottom row is the input line's from the start, but the view learns the prompt only
    /// from the console's first `drawInput`: until then the row is blank, and saying so makes the
    /// console draw the prompt when the session first asks for input, not at the first key.
    package var showsInput: Bool { hasInput }

    package func show(_ text: String, on channel: OutputChannel) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        if lines.count > 1 {
            showOverlay(text)
        } else if text.hasPrefix("\u{1B}[") {
            // A terminal mode the console sets (bracketed paste): straight through.
            if !isAway { terminal.write(text) }
        } else {
            showMessage(lines.first.map(String.init) ?? "")
        }
    }

    package func submitted() {
        dismissOverlay()
        drawInput(prompt: input.prompt, characters: [], cursor: 0)
    }

    package func clearAndRedraw(in size: TerminalMode.WindowSize) {
        adopt(size)
        repaintAll()
    }

    package func takeDown(ending: Bool) {
        if ending {
            stop()
        } else if !isAway {
            leaveScreen()
            isAway = true
        }
    }

    package func putBack(in size: TerminalMode.WindowSize) {
        isAway = false
        adopt(size)
        returnToScreen()
    }

    /// Page Up and Page Down scroll the list; Ctrl-T opens or closes the history panel, Escape
    /// closes it (and does nothing else); any other key the editor left rings the bell.
    package func handle(unhandled key: Key) {
        switch key {
        case .pageUp: scroll(pages: -1)
        case .pageDown: scroll(pages: 1)
        case .control(.t): togglePanel()
        case .escape: closePanel()
        case .text, .enter, .backspace, .delete, .up, .down, .left, .right, .home, .end, .tab,
            .control:
            ringBell()
        }
    }

    /// Up and Down while the history panel is open: each steps the list an edit back or forward.
    ///
    /// Every other key, and these two while the panel is closed, edit the input line.
    package func passesToSession(_ key: Key) -> Bool {
        guard panel != nil else { return false }
        switch key {
        case .up, .down:
            return true
        case .text, .enter, .backspace, .delete, .left, .right, .home, .end, .pageUp, .pageDown,
            .tab, .escape, .control:
            return false
        }
    }

    package func ringBell() {
        guard !isAway else { return }
        terminal.write("\u{7}")
    }
}
