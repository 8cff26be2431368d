// Terminal modes on a real (pseudo-)terminal: raw mode changes exactly the flags it should and
// keeps output processing, restoring puts back every byte of the settings, the window size is
// read (with a fallback off a terminal), failures say what failed, and the reset bytes are ones
// the screen model knows.

import MoviesTestSupport
import Testing

@testable import SystemBoundary
@testable import TerminalIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("TerminalMode")
struct TerminalModeTests {
    /// Runs `body` with a fresh pseudo-terminal, closing it after.
    private func withTerminal(
        rows: Int = 24, columns: Int = 80, _ body: (PseudoTerminal) throws -> Void
    ) throws {
        let terminal = try PseudoTerminal(rows: rows, columns: columns)
        defer {
            close(terminal.master)
            close(terminal.slave)
        }
        try body(terminal)
    }

    private func bytes(of settings: termios) -> [UInt8] {
        withUnsafeBytes(of: settings) { Array($0) }
    }

    @Test func rawModeTurnsOffEchoLinesSignalsAndTranslationButKeepsOutputProcessing() throws {
        try withTerminal { terminal in
            let original = try terminal.settings()
            let raw = TerminalMode.rawSettings(from: original)
            for flag in [ECHO, ICANON, ISIG, IEXTEN] {
                #expect(original.c_lflag & tcflag_t(flag) != 0, "a fresh terminal is cooked")
            }
            for flag in [ECHO, ECHONL, ICANON, ISIG, IEXTEN] {
                #expect(raw.c_lflag & tcflag_t(flag) == 0)
            }
            for flag in [ICRNL, IXON, BRKINT, INLCR, IGNCR, INPCK, ISTRIP, PARMRK] {
                #expect(raw.c_iflag & tcflag_t(flag) == 0)
            }
            #expect(raw.c_oflag == original.c_oflag, "OPOST and ONLCR stay on")
            #expect(raw.c_oflag & tcflag_t(OPOST | ONLCR) == tcflag_t(OPOST | ONLCR))
            #expect(raw.c_cflag == original.c_cflag)
            withUnsafeBytes(of: raw.c_cc) { characters in
                #expect(characters[Int(VMIN)] == 1 && characters[Int(VTIME)] == 0)
            }
            let untouched = original.c_lflag & ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
            #expect(raw.c_lflag == untouched, "nothing else in c_lflag changes")
        }
    }

    @Test func enteringRawModeAndRestoringPutsBackEveryByte() throws {
        try withTerminal { terminal in
            let before = try terminal.settings()
            let mode = try TerminalMode(descriptor: terminal.slave)
            #expect(bytes(of: mode.original) == bytes(of: before))
            try mode.enterRawMode()
            let raw = try terminal.settings()
            #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
            #expect(raw.c_oflag & tcflag_t(OPOST) != 0)
            try mode.enterRawMode()
            try mode.restore()
            #expect(bytes(of: try terminal.settings()) == bytes(of: before))
        }
    }

    @Test func inRawModeKeysArriveAtOnceAndUnechoed() throws {
        try withTerminal { terminal in
            let mode = try TerminalMode(descriptor: terminal.slave)
            try mode.enterRawMode()
            defer { try? mode.restore() }
            #expect(write(terminal.master, "a\u{3}\r", 3) == 3)
            var buffer = [UInt8](repeating: 0, count: 8)
            let count = read(terminal.slave, &buffer, buffer.count)
            #expect(Array(buffer.prefix(max(count, 0))) == [0x61, 0x03, 0x0D], "Ctrl-C is a byte")
            // Nothing was echoed: the master has nothing to read.
            var master = pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)
            #expect(poll(&master, 1, 0) == 0)
        }
    }

    @Test func aDescriptorThatIsNotATerminalIsReported() throws {
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer {
            close(pipeEnds[0])
            close(pipeEnds[1])
        }
        #expect(throws: SystemCallError(call: "tcgetattr", code: ENOTTY)) {
            try TerminalMode(descriptor: pipeEnds[0])
        }
        let failure = SystemCallError(call: "tcgetattr", code: ENOTTY)
        #expect(failure.description == "tcgetattr: Inappropriate ioctl for device")
        #expect(TerminalMode.windowSize(of: pipeEnds[0]) == .fallback)
        #expect(TerminalMode.WindowSize.fallback == TerminalMode.WindowSize(rows: 24, columns: 80))
    }

    @Test func theWindowSizeIsReadFromTheTerminal() throws {
        try withTerminal(rows: 33, columns: 101) { terminal in
            #expect(TerminalMode.windowSize(of: terminal.slave) == .init(rows: 33, columns: 101))
            try terminal.setSize(rows: 0, columns: 0)
            #expect(TerminalMode.windowSize(of: terminal.slave) == .fallback, "a size of 0 × 0")
        }
    }

    @Test func theResetBytesAreKnownSequencesThatUndoTheModes() {
        #expect(
            TerminalText.escaped(TerminalMode.Reset.line.bytes.description) == #"\u{1B}[?2004l"#)
        var screen = TerminalScreen(rows: 3, columns: 10)
        screen.feed("text\u{1B}[?2004h\u{1B}[?1049h\u{1B}[?25l")
        screen.feed(TerminalMode.Reset.screen.bytes.description)
        #expect(!screen.isAlternateScreen && screen.isCursorVisible)
        #expect(!screen.isBracketedPasteEnabled)
        #expect(screen.line(0) == "text")
        #expect(screen.unknownSequences.isEmpty)
    }
}
