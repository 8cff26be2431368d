// The wrappers over the terminal calls, on a real pseudo-terminal and on a pipe: a terminal is
// recognised, its settings are read and set, its window size is read and set, and a descriptor
// that is no terminal fails with the typed error naming the call.

import MoviesTestSupport
import Testing

@testable import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("SystemCall: terminals")
struct SystemCallTerminalTests {
    @Test func aTerminalsSettingsAndWindowAreReadAndSet() throws {
        let terminal = try PseudoTerminal(rows: 12, columns: 40)
        defer {
            SystemCall.close(terminal.master)
            SystemCall.close(terminal.slave)
        }
        #expect(SystemCall.isTerminal(terminal.slave))
        let size = try SystemCall.windowSize(of: terminal.slave)
        #expect(size.ws_row == 12 && size.ws_col == 40)
        try SystemCall.setWindowSize(
            winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0), of: terminal.master)
        let resized = try SystemCall.windowSize(of: terminal.slave)
        #expect(resized.ws_row == 30 && resized.ws_col == 100)

        let original = try SystemCall.terminalSettings(of: terminal.slave)
        var changed = original
        changed.c_lflag &= ~tcflag_t(ECHO)
        try SystemCall.setTerminalSettings(changed, of: terminal.slave)
        #expect(try SystemCall.terminalSettings(of: terminal.slave).c_lflag & tcflag_t(ECHO) == 0)
        try SystemCall.setTerminalSettings(original, of: terminal.slave)
        #expect(try SystemCall.terminalSettings(of: terminal.slave).c_lflag == original.c_lflag)
    }

    @Test func aDescriptorThatIsNoTerminalFailsNamingTheCall() throws {
        let pipe = try SystemCall.makePipe()
        defer {
            SystemCall.close(pipe.read)
            SystemCall.close(pipe.write)
        }
        #expect(!SystemCall.isTerminal(pipe.read))
        #expect(!SystemCall.isTerminal(-1), "a closed descriptor is no terminal either")
        #expect(throws: SystemCallError(call: "tcgetattr", code: ENOTTY)) {
            try SystemCall.terminalSettings(of: pipe.read)
        }
        #expect(throws: SystemCallError(call: "tcsetattr", code: EBADF)) {
            try SystemCall.setTerminalSettings(termios(), of: -1)
        }
        #expect(throws: SystemCallError(call: "ioctl", code: ENOTTY)) {
            try SystemCall.windowSize(of: pipe.read)
        }
        #expect(throws: SystemCallError(call: "ioctl", code: ENOTTY)) {
            try SystemCall.setWindowSize(winsize(), of: pipe.write)
        }
    }
}
