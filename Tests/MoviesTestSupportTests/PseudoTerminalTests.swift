// The pseudo-terminal pair the terminal tests stand on: a real terminal device with the size
// asked for, whose settings are readable from the test's side, and whose descriptors no spawned
// process inherits.

import MoviesTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("PseudoTerminal")
struct PseudoTerminalTests {
    @Test func aPairIsATerminalOfTheSizeAskedFor() throws {
        let terminal = try PseudoTerminal(rows: 7, columns: 33)
        defer {
            close(terminal.master)
            close(terminal.slave)
        }
        #expect(isatty(terminal.slave) == 1)
        #expect(terminal.slavePath.hasPrefix("/dev/pts/"))
        var size = winsize()
        #expect(ioctl(terminal.slave, UInt(TIOCGWINSZ), &size) == 0)
        #expect(size.ws_row == 7 && size.ws_col == 33)
        try terminal.setSize(rows: 40, columns: 120)
        #expect(ioctl(terminal.slave, UInt(TIOCGWINSZ), &size) == 0)
        #expect(size.ws_row == 40 && size.ws_col == 120)
        #expect(fcntl(terminal.master, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(terminal.slave, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test func writingToTheSlaveIsReadOnTheMasterAfterOutputProcessing() throws {
        let terminal = try PseudoTerminal(rows: 24, columns: 80)
        defer {
            close(terminal.master)
            close(terminal.slave)
        }
        let settings = try terminal.settings()
        #expect(settings.c_oflag & tcflag_t(ONLCR) != 0, "a fresh terminal turns LF into CR LF")
        #expect(write(terminal.slave, "a\n", 2) == 2)
        // The bytes may come in more than one read.
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16)
        while received.count < 3 {
            let count = read(terminal.master, &buffer, buffer.count)
            guard count > 0 else { break }
            received += buffer.prefix(count)
        }
        #expect(received == [0x61, 0x0D, 0x0A])
    }
}
