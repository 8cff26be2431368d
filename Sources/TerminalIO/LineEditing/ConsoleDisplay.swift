// Role in the data flow: the end of the line at a terminal. The console edits the input line and
// hands what must be shown to a display: the line view's (output scrolls up above the input line)
// or the screen view's (output lands on the message line or over the list). Either way the input
// line stays visible and shows exactly what Enter will run.
//
//   keys ─► TerminalConsole ─► ConsoleDisplay ─► terminal
//   views, runner ─► TerminalConsole (TextOutput) ─► ConsoleDisplay ─► terminal

/// What a console draws on: where the input line goes, and where output goes around it.
@MainActor
package protocol ConsoleDisplay: AnyObject {
    /// What a signal handler must write on the way out (bracketed paste off, the main screen
    /// back…), so the terminal is left as it was found.
    var reset: TerminalMode.Reset { get }
    /// Whether the input line is on the screen now.
    var showsInput: Bool { get }
    /// Draws the input line: `prompt`, then `characters` with the cursor before
    /// `characters[cursor]`.
    func drawInput(prompt: String, characters: [Character], cursor: Int)
    /// Shows `text` (whole lines) without hiding the input line for longer than the write.
    func show(_ text: String, on channel: OutputChannel)
    /// Enter was pressed: the line drawn last is the line that runs now.
    func submitted()
    /// Clears the screen and draws everything again (Ctrl-L) for a window of `size`, the size it
    /// has now: a resize the app was not told of (one while it was stopped) is drawn for too.
    func clearAndRedraw(in size: TerminalMode.WindowSize)
    /// The window changed size.
    func resize(to size: TerminalMode.WindowSize)
    /// Takes the display off the terminal: before a suspend (`ending` false, it comes back with
    /// `putBack`) or at the end of the session.
    ///
    /// Until `putBack`, the display writes nothing: the terminal is the shell's, or another
    /// job's. What it is asked to show meanwhile is kept, and shown by `putBack`.
    func takeDown(ending: Bool)
    /// Puts the display back after a suspend, redrawn for a window of `size`: the window may have
    /// changed while the app was stopped, and the SIGWINCH went to the shell.
    func putBack(in size: TerminalMode.WindowSize)
    /// A key the line editor had no use for (Page Up, Page Down, Escape, Ctrl-T).
    func handle(unhandled key: Key)
    /// Whether `key`, pressed now, goes to the session as an input event (`InputEvent.key`)
    /// rather than to the line editor.
    ///
    /// The screen view's history panel takes Up and Down so while it is open: each becomes an
    /// edit the session runs as it runs a typed one. The display only says where the key goes;
    /// what it does is the session's to decide.
    func passesToSession(_ key: Key) -> Bool
    /// Rings the terminal's bell.
    func ringBell()
}
