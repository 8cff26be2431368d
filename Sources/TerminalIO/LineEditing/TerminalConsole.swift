// Role in the data flow: the start and the end of the line at a terminal. Keys are read in raw mode
// and edited into the input line here; Enter makes the line an input event for the session. All
// output passes through here too, so it can be drawn around the input line, never over it: what is
// on the input line is exactly what Enter runs.
//
//   stdin (raw) ─► ChunkReader ─► KeyDecoder ─► LineEditor ─► TerminalConsole ─► Session
//   views, runner ─► TerminalConsole ─► ConsoleDisplay (line or screen) ─► terminal

import SystemBoundary

/// A person at a terminal: the app reads their keys, owns the input line, and draws output
/// around it.
///
/// Keys are handled only when the session asks for input (or waits for it), and one submitted
/// line at a time: a multi-line paste runs its lines in order, each drawn as typed just before its
/// own output. Keys that came in after the last Enter are drawn at once, so typing never waits for
/// the session. A key the display claims for the session (`ConsoleDisplay.passesToSession`: the
/// screen view's history panel takes Up and Down) is an input event of its own, in its turn among
/// the lines, and leaves the input line as it is.
@MainActor
package final class TerminalConsole: InputSource, TextOutput {
    /// The prompt in front of the input line.
    private let prompt: String
    /// How long a lone Escape waits for the rest of a sequence before it counts as alone.
    static let escapeTimeout = Duration.milliseconds(50)
    /// How long a bracketed paste may go without a byte before it counts as stalled and ends:
    /// far longer than any pause inside a real paste, short enough for a user looking for a way
    /// out (a terminal that never sends the end marker would otherwise make Ctrl-C inert).
    static let pasteStallTimeout = Duration.seconds(1)

    private let mode: TerminalMode
    private let display: any ConsoleDisplay
    /// The window's size now, read afresh at each resize, continue and Ctrl-L.
    private let windowSize: @MainActor () -> TerminalMode.WindowSize
    private var chunks: ChunkReader.Iterator
    private var decoder = KeyDecoder()
    private var editor: LineEditor
    private var keys: [Key] = []
    private var nextKey = 0
    private var needsRedraw = false
    /// Set when the keyboard input ended (stdin closed) or failed.
    private var ending: InputEvent?
    private var signals: TerminalSignals?
    /// Set from Ctrl-Z until the app holds the terminal again after `fg`.
    private var suspended = false
    private var escapeFlush: Task<Void, Never>?
    private var pasteStall: Task<Void, Never>?
    private var chunksRead = 0

    /// A console on `mode`'s terminal, reading `chunks`, drawing `prompt` and the input line on
    /// `display`, in a window whose size `windowSize` reads; Tab completes `commandNames`.
    package init(
        mode: TerminalMode, chunks: ChunkReader, display: any ConsoleDisplay, prompt: String,
        commandNames: [String], windowSize: @escaping @MainActor () -> TerminalMode.WindowSize
    ) {
        self.mode = mode
        self.prompt = prompt
        self.display = display
        self.windowSize = windowSize
        self.chunks = chunks.makeAsyncIterator()
        editor = LineEditor(commandNames: commandNames)
    }

    /// Switches the terminal to raw mode, asks for bracketed paste and installs the signal
    /// handlers that put the terminal back on every way out.
    ///
    /// Started in the background (`movies &`), the process stops here ("Stopped (tty output)")
    /// until `fg`, and then takes the terminal at the window's size of that moment.
    package func start() throws(SystemCallError) {
        signals = try TerminalSignals(
            reset: display.reset,
            onContinue: { [weak self] in self?.resume() },
            onResize: { [weak self] in self?.resize() })
        try mode.enterRawMode()
        display.resize(to: windowSize())
        display.show("\u{1B}[?2004h", on: .standard)
    }

    /// Puts the terminal back exactly as it was found; returns why it could not, if it could not
    /// (the app must then not end as if all went well).
    ///
    /// A terminal the app does not hold (given back for a suspend, or the job is in the
    /// background) is the shell's: it is left as it is.
    package func close() -> SystemCallError? {
        escapeFlush?.cancel()
        pasteStall?.cancel()
        let holds = !suspended && mode.isForegroundJob
        display.takeDown(ending: true)
        var failure: SystemCallError?
        do {
            try signals?.cancel()
        } catch {
            failure = error
        }
        signals = nil
        guard holds else { return failure }
        display.show("\u{1B}[?2004l", on: .standard)
        do {
            try mode.restore()
        } catch {
            failure = error
        }
        return failure
    }

    // MARK: - Input

    package func nextReady() -> InputEvent? {
        handleKeys()
    }

    package func next() async -> InputEvent {
        while true {
            if let event = handleKeys() { return event }
            if let ending { return ending }
            if Task.isCancelled { return .end(final: true) }
            var iterator = chunks
            let chunk = await iterator.next(isolation: #isolation)
            chunks = iterator
            chunksRead += 1
            switch chunk {
            case .bytes(let bytes)?:
                keys = Array(keys[nextKey...]) + decoder.decode(bytes)
                nextKey = 0
                if decoder.hasPendingEscape { scheduleEscapeFlush() }
                if decoder.isInsidePaste { schedulePasteStall() }
            case .failed(let code)?:
                ending = .readError(code)
            case nil:
                ending = .end(final: true)
            }
        }
    }

    /// Leaves `line` drawn on its row after Enter, for the output that follows below it.
    private func leave(_ line: String) {
        if needsRedraw || !display.showsInput {
            let characters = Array(line)
            display.drawInput(prompt: prompt, characters: characters, cursor: characters.count)
            needsRedraw = false
        }
        display.submitted()
    }

    /// Applies the keys read so far until one submits a line; draws the line once at the end.
    private func handleKeys() -> InputEvent? {
        defer { redrawIfNeeded() }
        while nextKey < keys.count {
            let key = keys[nextKey]
            nextKey += 1
            // The display's keys of the moment (the history panel's Up and Down) never reach the
            // editor: the typed text stays as it is.
            if display.passesToSession(key) { return .key(key) }
            switch editor.handle(key) {
            case .edited:
                needsRedraw = true
            case .unchanged:
                break
            case .bell:
                display.ringBell()
            case .submitted(let line):
                // Draw the line exactly as it runs (the editor is already empty again), and leave
                // it there.
                leave(line)
                return .line(line)
            case .tooLong(let line):
                // Left as it was shown; the session says why it did not run, as for a pipe.
                leave(line)
                return .lineTooLong(limit: LineEditor.maximumLineBytes)
            case .completions(let names):
                display.show(names.joined(separator: "  ") + "\n", on: .standard)
                // The line may have grown to the names' common prefix: `show` put back the line
                // as it was drawn before this key.
                needsRedraw = true
            case .clearScreen:
                display.clearAndRedraw(in: windowSize())
                needsRedraw = true
            case .interrupted(let lineWasEmpty):
                if lineWasEmpty {
                    display.show("(to leave, type quit or press Ctrl-D)\n", on: .standard)
                }
                needsRedraw = true
            case .endOfInput:
                return .end(final: false)
            case .suspend:
                suspend()
            case .quit:
                // The SIGQUIT handler puts the terminal back and exits with 131.
                do {
                    try TerminalSignals.quit()
                } catch {
                    display.show("movies: Ctrl-\\ cannot end the session: \(error)\n", on: .error)
                    needsRedraw = true
                }
            case .unhandled(let key):
                display.handle(unhandled: key)
            }
        }
        return nil
    }

    private func redrawIfNeeded(force: Bool = false) {
        guard needsRedraw || force else { return }
        needsRedraw = false
        display.drawInput(
            prompt: prompt, characters: editor.characters, cursor: editor.cursor)
    }

    /// A lone Escape at the end of what was read: if nothing follows soon, it was the Escape key,
    /// not the start of a sequence that would swallow the next key typed.
    private func scheduleEscapeFlush() {
        escapeFlush?.cancel()
        let read = chunksRead
        escapeFlush = Task { [weak self] in
            try? await Task.sleep(for: Self.escapeTimeout)
            guard let self, !Task.isCancelled, self.chunksRead == read else { return }
            if self.decoder.flushPendingEscape() == .escape { self.escapePressed() }
        }
    }

    /// The Escape key, known only once the pause after its `ESC` has passed.
    ///
    /// It takes its turn after the keys read before it; when none waits (the console is waiting
    /// for the next key, as it is whenever the session waits for input) it acts now. The editor
    /// has no use for it, so it goes to the display (which closes the history panel with it) and
    /// never becomes an input event.
    private func escapePressed() {
        keys.append(.escape)
        guard nextKey == keys.count - 1 else { return }
        nextKey += 1
        display.handle(unhandled: .escape)
    }

    /// A paste still open at the end of what was read: if no byte follows for
    /// `pasteStallTimeout`, its end marker is not coming, and the paste ends, so the next key
    /// pressed (Ctrl-C, Ctrl-U, Ctrl-D) works.
    private func schedulePasteStall() {
        pasteStall?.cancel()
        let read = chunksRead
        pasteStall = Task { [weak self] in
            try? await Task.sleep(for: Self.pasteStallTimeout)
            guard let self, !Task.isCancelled, self.chunksRead == read else { return }
            self.decoder.endStalledPaste()
        }
    }

    // MARK: - Suspending

    /// Ctrl-Z: take the display down, give the terminal back as it was, and stop; `resume` runs
    /// when the shell continues the process.
    ///
    /// From the take-down on, nothing is drawn until `resume` holds the terminal again: the
    /// display keeps what it is asked to show, so that output arriving after `bg` (a fetch that
    /// ends, the rows of the commands it let run) lands on the app's screen after `fg`, never
    /// on the shell's.
    private func suspend() {
        display.takeDown(ending: false)
        suspended = true
        do {
            try TerminalSignals.stop()
        } catch {
            // Not stopped: the display comes back at once, with the reason.
            resume()
            display.show("movies: Ctrl-Z cannot stop the session: \(error)\n", on: .error)
        }
    }

    /// Continued (after Ctrl-Z and `fg` or `bg`, or any SIGCONT): raw mode again, everything
    /// redrawn for the window's size now.
    ///
    /// Continued in the background (`bg`), the process stops again in `enterRawMode` ("Stopped
    /// (tty output)") and goes on here after `fg`; it never draws or takes raw mode from the
    /// background. The `fg` that ends that stop sends a continue of its own, which finds the
    /// terminal held and does nothing.
    private func resume() {
        guard suspended || !mode.holdsTerminal else { return }
        do {
            try mode.enterRawMode()
        } catch {
            // No shell can bring the job to the foreground (its group is orphaned): the terminal
            // is not the app's to draw on, and the read that fails next ends the session.
            return
        }
        suspended = false
        // The display goes back first: after a stop from outside (`kill -TSTP`) the line view
        // still records the line it drew before the shell wrote below it, and showing anything
        // before `putBack` would erase by that record, over the shell's lines. A resize while
        // stopped sent its SIGWINCH to the shell, so the size is read here.
        display.putBack(in: windowSize())
        display.show("\u{1B}[?2004h", on: .standard)
        needsRedraw = true
        redrawIfNeeded()
    }

    // MARK: - Output

    /// The window changed size (SIGWINCH): the display redraws for its size now.
    private func resize() {
        display.resize(to: windowSize())
    }

    package func write(_ text: String, to channel: OutputChannel) {
        display.show(text, on: channel)
    }

    package func showPrompt() {
        guard !display.showsInput else { return }
        needsRedraw = true
        redrawIfNeeded()
    }

    package func promptAnswered() {}
}
