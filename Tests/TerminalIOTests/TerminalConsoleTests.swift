// The console between the keys and the display: Ctrl-L redraws for the window's size as it is when
// the key is pressed, read afresh, not as the app last heard of it (a resize while the app was
// stopped sent its SIGWINCH to the shell). The console runs on a pseudo-terminal of its own and
// draws on a display that records what it was asked to do.

import MoviesTestSupport
import SystemBoundary
import Testing

@testable import TerminalIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@MainActor
@Suite("TerminalConsole")
struct TerminalConsoleTests {
    /// A display that records the sizes it was asked to redraw for.
    @MainActor
    final class RecordingDisplay: ConsoleDisplay {
        var redraws: [TerminalMode.WindowSize] = []
        var reset: TerminalMode.Reset { .line }
        var showsInput = false
        func drawInput(prompt: String, characters: [Character], cursor: Int) { showsInput = true }
        func show(_ text: String, on channel: OutputChannel) {}
        func submitted() { showsInput = false }
        func clearAndRedraw(in size: TerminalMode.WindowSize) { redraws.append(size) }
        func resize(to size: TerminalMode.WindowSize) {}
        func takeDown(ending: Bool) {}
        func putBack(in size: TerminalMode.WindowSize) {}
        func handle(unhandled key: Key) {}
        func ringBell() {}
    }

    /// The window's size, as the terminal would report it.
    @MainActor
    final class Window {
        var size = TerminalMode.WindowSize(rows: 24, columns: 80)
    }

    @Test func ctrlLRedrawsForTheWindowsSizeReadWhenItIsPressed() async throws {
        let terminal = try PseudoTerminal(rows: 24, columns: 80)
        defer {
            SystemCall.close(terminal.master)
            SystemCall.close(terminal.slave)
        }
        let mode = try TerminalMode(descriptor: terminal.slave)
        let display = RecordingDisplay()
        let window = Window()
        let console = TerminalConsole(
            mode: mode, chunks: ChunkReader(replaying: [.bytes([0x0C])]), display: display,
            prompt: "movies> ", commandNames: [], windowSize: { window.size })
        // The window shrank while nobody told the app.
        window.size = TerminalMode.WindowSize(rows: 14, columns: 50)
        #expect(await console.next() == .end(final: true))
        #expect(display.redraws == [TerminalMode.WindowSize(rows: 14, columns: 50)])
    }
}
