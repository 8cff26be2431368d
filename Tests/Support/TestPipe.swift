// A pipe the code under test writes into and the test reads back, for the streams' and the
// display's tests; and how a terminal's output processing turns what was written into the screen.

import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe that a test has the code under test write into, and then reads back.
///
/// Both ends are close-on-exec, so a child process another test starts cannot hold one open, and
/// the read end does not block: `take()` returns what has arrived so far (a pipe's bytes are
/// readable as soon as `write` returns). The test closes the ends with `closeEnds()`.
package struct TestPipe {
    package let readEnd: Int32
    package let writeEnd: Int32

    package init() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// The bytes written since the last call.
    package func take() -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { return received }
            received += buffer.prefix(count)
        }
    }

    /// `take()` as text.
    package func takeText() -> String {
        String(decoding: take(), as: UTF8.self)
    }

    package func closeEnds() {
        close(readEnd)
        close(writeEnd)
    }
}

extension TerminalScreen {
    /// Shows `bytes` that a program wrote to its terminal: each LF reaches the screen as CR LF,
    /// as the terminal's output processing (`ONLCR`, which the app's raw mode keeps on) makes it.
    ///
    /// For tests that write through a pipe instead of a pseudo-terminal, whose bytes can be read
    /// back at once and in full.
    package mutating func feedThroughOutputProcessing(_ bytes: [UInt8]) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { feed([UInt8(ascii: "\r")]) }
            feed([byte])
        }
    }
}
