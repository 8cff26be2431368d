// Role in the benchmark: the terminal, replaced. The view controller and the command runner write
// to a `TextOutput`; this one throws the text away after counting it, so the redraw section can
// report bytes per change and the timed sections measure the app rather than the terminal.

import TerminalIO

/// A `TextOutput` that counts what it is given and discards it.
@MainActor
final class CountingOutput: TextOutput {
    /// UTF-8 bytes written so far, on either channel.
    private(set) var bytes = 0
    /// Calls to `write` so far: each is one redraw.
    private(set) var writes = 0
    /// Lines written so far, if `countsLines`; otherwise 0.
    private(set) var lines = 0
    /// Bytes written to the error channel: rejected commands, which a clean workload never causes.
    private(set) var errorBytes = 0

    private let countsLines: Bool

    /// - Parameter countsLines: count newlines too. That reads every byte, so timed sections
    ///   leave it off and pay only for `utf8.count`, which is O(1) for native strings.
    init(countsLines: Bool) {
        self.countsLines = countsLines
    }

    func write(_ text: String, to channel: OutputChannel) {
        let count = text.utf8.count
        bytes += count
        writes += 1
        switch channel {
        case .standard: break
        case .error: errorBytes += count
        }
        if countsLines {
            lines += text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        }
    }

    /// Starts counting from zero.
    func reset() {
        bytes = 0
        writes = 0
        lines = 0
        errorBytes = 0
    }
}
