// The line view's display at a terminal, as a person would see it: the bytes it writes go through
// a pipe into the `TerminalScreen` model. Output that arrives while a line is typed appears above
// the line, and the typed text and the cursor are drawn again below it; a line that ran stays in
// the scrollback; the line comes down for a suspend and back after it, and stays at the end; a
// resize and Ctrl-L draw it again where it belongs.

import MoviesTestSupport
import Testing

@testable import TerminalIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@MainActor
@Suite("LineDisplay")
struct LineDisplayTests {
    static let prompt = "movies> "

    /// A display writing through `StandardStreams` into a pipe, as the app writes to its
    /// terminal, and the screen that shows what arrived.
    @MainActor
    private final class Harness {
        let display: LineDisplay
        private let pipe: TestPipe
        private var screen: TerminalScreen

        init(rows: Int = 8, columns: Int) throws {
            pipe = try TestPipe()
            let streams = StandardStreams(
                interactive: false, prompt: "movies> ", report: StandardStreams.testReport,
                output: pipe.writeEnd, error: pipe.writeEnd)
            display = LineDisplay(terminal: streams, width: columns)
            screen = TerminalScreen(rows: rows, columns: columns)
        }

        deinit { pipe.closeEnds() }

        /// The screen after everything written so far; `written` says whether anything was.
        func shown() -> (screen: TerminalScreen, written: Bool) {
            let bytes = pipe.take()
            screen.feedThroughOutputProcessing(bytes)
            return (screen, !bytes.isEmpty)
        }

        /// The screen after everything written so far.
        var current: TerminalScreen { shown().screen }

        /// Types `text` with the cursor before `text[cursor]` (at the end when `nil`).
        func type(_ text: String, cursor: Int? = nil) {
            let characters = Array(text)
            display.drawInput(
                prompt: LineDisplayTests.prompt, characters: characters,
                cursor: cursor ?? characters.count)
        }

        /// The window becomes `columns` wide: the terminal cuts its rows (xterm does not re-wrap),
        /// then the display hears of it.
        func resize(columns: Int) {
            screen.feedThroughOutputProcessing(pipe.take())
            screen.resize(rows: screen.rows, columns: columns)
            display.resize(to: TerminalMode.WindowSize(rows: screen.rows, columns: columns))
        }

        /// The window becomes `columns` wide while the app is stopped: the terminal cuts its rows,
        /// and the SIGWINCH goes to the shell, so the display hears nothing of it.
        func resizeWhileStopped(columns: Int) {
            screen.feedThroughOutputProcessing(pipe.take())
            screen.resize(rows: screen.rows, columns: columns)
        }

        /// The window's size now, as the app reads it.
        var size: TerminalMode.WindowSize {
            TerminalMode.WindowSize(rows: screen.rows, columns: screen.columns)
        }

        /// Something other than the app writes to the terminal (the shell, while it is stopped).
        func shellWrites(_ text: String) {
            screen.feedThroughOutputProcessing(pipe.take())
            screen.feedThroughOutputProcessing(Array(text.utf8))
        }
    }

    @Test func outputArrivingWhileALineIsTypedAppearsAboveIt() throws {
        let terminal = try Harness(columns: 40)
        terminal.type("move 1 2", cursor: 5)
        var screen = terminal.current
        #expect(screen.lines.prefix(2) == ["movies> move 1 2", ""])
        #expect(screen.cursor == (0, 13), "before the 1")

        terminal.display.show("Loading movies…\n", on: .standard)
        terminal.display.show("Could not load movies: offline\n", on: .error)
        screen = terminal.current
        #expect(
            screen.lines.prefix(4) == [
                "Loading movies…", "Could not load movies: offline", "movies> move 1 2", "",
            ], "\(screen.dump)")
        #expect(screen.cursor == (2, 13), "the cursor is where it was in the line")
        #expect(terminal.display.showsInput)
        #expect(screen.unknownSequences.isEmpty)
    }

    @Test func outputArrivingWhileAWrappedLineIsTypedAppearsAboveAllOfIt() throws {
        let terminal = try Harness(columns: 20)
        terminal.type(#"insert "Blade Runner" 1982"#)
        var screen = terminal.current
        #expect(screen.lines.prefix(3) == [#"movies> insert "Blad"#, #"e Runner" 1982"#, ""])
        #expect(screen.cursor == (1, 14))

        terminal.display.show("  1. Alien (1979)\n", on: .standard)
        screen = terminal.current
        #expect(
            screen.lines.prefix(4) == [
                "  1. Alien (1979)", #"movies> insert "Blad"#, #"e Runner" 1982"#, "",
            ], "\(screen.dump)")
        #expect(screen.cursor == (2, 14))
    }

    @Test func aSubmittedLineStaysAndItsOutputGoesBelowIt() throws {
        let terminal = try Harness(columns: 20)
        // Enter with the cursor on the first of the line's two rows.
        terminal.type(#"insert "Blade Runner" 1982"#, cursor: 3)
        terminal.display.submitted()
        #expect(!terminal.display.showsInput)
        terminal.display.show("+ 4. Blade Runner (1982)\n", on: .standard)
        terminal.type("")
        let screen = terminal.current
        #expect(
            screen.lines.prefix(6) == [
                #"movies> insert "Blad"#, #"e Runner" 1982"#, "+ 4. Blade Runner (1",
                "982)", "movies>", "",
            ], "\(screen.dump)")
        #expect(screen.cursor == (4, 8))
    }

    @Test func aSuspendTakesTheLineDownAndTheContinueBringsItBack() throws {
        let terminal = try Harness(columns: 40)
        terminal.display.show("Loaded 30 movies.\n", on: .standard)
        terminal.type("add Up 2009", cursor: 4)
        terminal.display.takeDown(ending: false)
        var screen = terminal.current
        #expect(screen.lines.prefix(2) == ["Loaded 30 movies.", ""], "the line is gone")
        #expect(screen.cursor == (1, 0), "where the shell's lines go")
        #expect(!terminal.display.showsInput)

        terminal.shellWrites("[1]+  Stopped   movies\n$ fg\n")
        terminal.display.putBack(in: terminal.size)
        screen = terminal.current
        #expect(
            screen.lines.prefix(5) == [
                "Loaded 30 movies.", "[1]+  Stopped   movies", "$ fg", "movies> add Up 2009", "",
            ], "\(screen.dump)")
        #expect(screen.cursor == (3, 12), "the text and the cursor as they were")
        #expect(terminal.display.showsInput)
    }

    /// Taken down, the display writes nothing (the terminal is the shell's, or the app is in the
    /// background): output, a redrawn line and the bell wait, and `putBack` shows the output
    /// below what the shell wrote, the line under it.
    @Test func whileTakenDownNothingIsWrittenAndPutBackShowsWhatCameMeanwhile() throws {
        let terminal = try Harness(columns: 40)
        terminal.type("add Up 2009", cursor: 4)
        terminal.display.takeDown(ending: false)
        _ = terminal.shown()
        terminal.display.show("Loaded 30 movies.\n", on: .standard)
        terminal.display.show("movies: a reason\n", on: .error)
        terminal.type("add Up 2009!")
        terminal.display.ringBell()
        #expect(!terminal.shown().written, "nothing is written while taken down")
        #expect(!terminal.display.showsInput)

        terminal.shellWrites("[1]+  Stopped   movies\n$ fg\n")
        terminal.display.putBack(in: terminal.size)
        let screen = terminal.current
        #expect(
            screen.lines.prefix(6) == [
                "[1]+  Stopped   movies", "$ fg", "Loaded 30 movies.", "movies: a reason",
                "movies> add Up 2009!", "",
            ], "\(screen.dump)")
        #expect(screen.cursor == (4, 20))
        #expect(screen.bells == 0)
    }

    /// A window narrowed while the app was stopped: `putBack` lays the line out for the width it
    /// is given, so the keys that follow redraw one line, not a copy of its first row each.
    @Test func putBackLaysTheLineOutForTheWindowItHasNow() throws {
        let terminal = try Harness(columns: 40)
        let text = "abcdefghijklmnopqrstuvwxyz0123"
        terminal.type(text)
        terminal.display.takeDown(ending: false)
        terminal.resizeWhileStopped(columns: 20)
        terminal.shellWrites("$ fg\n")
        terminal.display.putBack(in: terminal.size)
        for count in 1...3 {
            terminal.type(text + String(repeating: "4", count: count))
        }
        let screen = terminal.current
        #expect(
            screen.lines.prefix(4) == [
                "$ fg", "movies> abcdefghijkl", "mnopqrstuvwxyz012344", "4",
            ],
            "\(screen.dump)")
        #expect(screen.cursor == (3, 1))
    }

    @Test func atTheEndTheLineStaysAndTheCursorGoesBelowIt() throws {
        let terminal = try Harness(columns: 40)
        terminal.type("add Up 2009", cursor: 4)
        terminal.display.takeDown(ending: true)
        #expect(!terminal.display.showsInput)
        terminal.shellWrites("$ ")
        let screen = terminal.current
        #expect(screen.lines.prefix(3) == ["movies> add Up 2009", "$", ""], "\(screen.dump)")
        #expect(screen.cursor == (1, 2))
    }

    @Test func aNarrowerWindowWrapsTheLineAndOutputStillGoesAboveIt() throws {
        let terminal = try Harness(columns: 40)
        terminal.type("abcdefghijklmnopqrst")
        terminal.resize(columns: 20)
        var screen = terminal.current
        #expect(
            screen.lines.prefix(3) == ["movies> abcdefghijkl", "mnopqrst", ""], "\(screen.dump)")
        #expect(screen.cursor == (1, 8))

        terminal.display.show("Loaded 30 movies.\n", on: .standard)
        screen = terminal.current
        #expect(
            screen.lines.prefix(4) == [
                "Loaded 30 movies.", "movies> abcdefghijkl", "mnopqrst", "",
            ],
            "\(screen.dump)")
        #expect(screen.cursor == (2, 8))
    }

    @Test func aResizeWhileNoLineIsShownDrawsNothing() throws {
        let terminal = try Harness(columns: 40)
        terminal.type("list")
        terminal.display.submitted()
        _ = terminal.shown()
        terminal.resize(columns: 30)
        #expect(!terminal.shown().written, "the command's output comes next, not a prompt")
    }

    @Test func ctrlLClearsTheScreenAndDrawsTheLineAtTheTop() throws {
        let terminal = try Harness(columns: 40)
        terminal.display.show("  1. Alien (1979)\n  2. Heat (1995)\n", on: .standard)
        terminal.type("delete 2", cursor: 7)
        terminal.display.clearAndRedraw(in: terminal.size)
        var screen = terminal.current
        #expect(screen.lines == ["movies> delete 2"] + Array(repeating: "", count: 7))
        #expect(screen.cursor == (0, 15))

        terminal.display.show("- 2. Heat (1995)\n", on: .standard)
        screen = terminal.current
        #expect(screen.lines.prefix(3) == ["- 2. Heat (1995)", "movies> delete 2", ""])
    }

    /// Page Up, and Ctrl-T (the history panel is the screen view's: here `history` prints it).
    @Test(arguments: [Key.pageUp, .control(.t)])
    func aKeyWithNoUseRingsTheBellAndChangesNothingElse(key: Key) throws {
        let terminal = try Harness(columns: 40)
        terminal.type("list")
        let before = terminal.current
        terminal.display.handle(unhandled: key)
        let after = terminal.current
        #expect(after.bells == before.bells + 1)
        #expect(after.lines == before.lines && after.cursor == before.cursor)
    }

    /// Escape does nothing at all, as in a shell; and no key is ever the session's.
    @Test func escapeDoesNothingAndEveryKeyIsTheEditors() throws {
        let terminal = try Harness(columns: 40)
        terminal.type("list")
        let before = terminal.current
        terminal.display.handle(unhandled: .escape)
        let after = terminal.current
        #expect(after.bells == before.bells)
        #expect(after.lines == before.lines && after.cursor == before.cursor)
        for key in [Key.up, .down, .escape, .control(.t), .pageUp] {
            #expect(!terminal.display.passesToSession(key), "\(key)")
        }
    }
}
