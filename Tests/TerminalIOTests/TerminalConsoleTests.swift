// The console between the keys and the display: Ctrl-L redraws for the window's size as it is when
// the key is pressed, read afresh, not as the app last heard of it (a resize while the app was
// stopped sent its SIGWINCH to the shell); a key the display claims (the history panel's Up and
// Down) reaches the session as an event of its own, the typed text left as it was; the Escape
// key, known only after a pause, reaches the display. The console runs on a pseudo-terminal of
// its own and draws on a display that records what it was asked to do.

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
@Suite("TerminalConsole", .hangGuard)
struct TerminalConsoleTests {
    /// A display that records the sizes it was asked to redraw for.
    @MainActor
    final class RecordingDisplay: ConsoleDisplay {
        var redraws: [TerminalMode.WindowSize] = []
        var reset: TerminalMode.Reset { .line }
        var showsInput = false
        /// The input line as it was last drawn.
        var line = ""
        func drawInput(prompt: String, characters: [Character], cursor: Int) {
            showsInput = true
            line = String(characters)
        }
        func show(_ text: String, on channel: OutputChannel) {}
        func submitted() { showsInput = false }
        func clearAndRedraw(in size: TerminalMode.WindowSize) { redraws.append(size) }
        func resize(to size: TerminalMode.WindowSize) {}
        func takeDown(ending: Bool) {}
        func putBack(in size: TerminalMode.WindowSize) {}
        func handle(unhandled key: Key) {
            unhandled.append(key)
            onUnhandled?()
        }
        /// Called after each key the editor left.
        var onUnhandled: (() -> Void)?
        func ringBell() {}
        func passesToSession(_ key: Key) -> Bool { passed.contains(key) }
        /// The keys the editor left, as the console handed them over.
        var unhandled: [Key] = []
        /// The keys this display gives the session.
        var passed: [Key] = []
    }

    /// A continuation resumed by whichever comes first.
    @MainActor
    final class Once {
        private var continuation: CheckedContinuation<Bool, Never>?

        init(_ continuation: CheckedContinuation<Bool, Never>) {
            self.continuation = continuation
        }

        func resume(_ value: Bool) {
            continuation?.resume(returning: value)
            continuation = nil
        }
    }

    /// The window's size, as the terminal would report it.
    @MainActor
    final class Window {
        var size = TerminalMode.WindowSize(rows: 24, columns: 80)
    }

    /// A console on a pseudo-terminal of its own, reading `chunks` and drawing on a recording
    /// display, in a window whose size `window` says; `close()` closes the terminal.
    @MainActor
    final class Fixture {
        let terminal: PseudoTerminal
        let display = RecordingDisplay()
        let window = Window()
        let console: TerminalConsole

        init(_ chunks: ChunkReader) throws {
            terminal = try PseudoTerminal(rows: 24, columns: 80)
            let window = self.window
            console = TerminalConsole(
                mode: try TerminalMode(descriptor: terminal.slave), chunks: chunks,
                display: display, prompt: "movies> ", commandNames: [],
                windowSize: { window.size })
        }

        func close() {
            SystemCall.close(terminal.master)
            SystemCall.close(terminal.slave)
        }
    }

    static let up: [UInt8] = [0x1B, 0x5B, 0x41]
    static let down: [UInt8] = [0x1B, 0x5B, 0x42]

    @Test func ctrlLRedrawsForTheWindowsSizeReadWhenItIsPressed() async throws {
        let fixture = try Fixture(ChunkReader(replaying: [.bytes([0x0C])]))
        defer { fixture.close() }
        // The window shrank while nobody told the app.
        fixture.window.size = TerminalMode.WindowSize(rows: 14, columns: 50)
        #expect(await fixture.console.next() == .end(final: true))
        #expect(fixture.display.redraws == [TerminalMode.WindowSize(rows: 14, columns: 50)])
    }

    @Test func aKeyTheDisplayClaimsIsAnEventOfItsOwnAndTheTypedTextStays() async throws {
        let typed = Array("ab".utf8) + Self.up + Self.down + Array("c\r".utf8)
        let fixture = try Fixture(ChunkReader(replaying: [.bytes(typed)]))
        defer { fixture.close() }
        fixture.display.passed = [.up, .down]
        #expect(await fixture.console.next() == .key(.up))
        #expect(fixture.display.line == "ab", "what was typed before the key is drawn, and stays")
        #expect(fixture.console.nextReady() == .key(.down))
        #expect(fixture.console.nextReady() == .line("abc"), "the text around the keys runs whole")
        #expect(fixture.display.unhandled.isEmpty)
    }

    @Test func aKeyTheDisplayDoesNotClaimEditsTheLine() async throws {
        let fixture = try Fixture(
            ChunkReader(replaying: [.bytes(Array("ls\r".utf8) + Self.up + [0x0D])]))
        defer { fixture.close() }
        #expect(await fixture.console.next() == .line("ls"))
        #expect(fixture.console.nextReady() == .line("ls"), "Up recalled the line from history")
    }

    /// A lone `ESC` is the Escape key once nothing has followed it for a moment: it reaches the
    /// display then, while the console waits for the next key, and nothing reaches the session.
    @Test func theEscapeKeyReachesTheDisplayAfterItsPause() async throws {
        let keys = try TestPipe()
        let fixture = try Fixture(ChunkReader(descriptor: keys.readEnd))
        defer {
            fixture.close()
            keys.closeEnds()
        }
        let (console, display) = (fixture.console, fixture.display)
        let next = Task { await console.next() }
        let arrived = await withCheckedContinuation { (arrived: CheckedContinuation<Bool, Never>) in
            let once = Once(arrived)
            display.onUnhandled = { once.resume(true) }
            // Far longer than the pause: only a console that never hands the key on waits it out.
            // Ten seconds counted one at a time on the main actor, where the console reads the
            // key and ends its pause, so that time the run's other tests hold it does not count
            // (as `BoundedWait` counts): on a busy machine they held it for more than ten.
            Task {
                for _ in 0..<10 {
                    try? await Task.sleep(for: .seconds(1))
                }
                once.resume(false)
            }
            _ = SystemCall.writeAll([0x1B], to: keys.writeEnd)
        }
        display.onUnhandled = nil
        #expect(arrived, "the Escape key reached the display")
        #expect(display.unhandled == [.escape])
        _ = SystemCall.writeAll("q\r", to: keys.writeEnd)
        #expect(await next.value == .line("q"))
        #expect(display.unhandled == [.escape])
    }
}
