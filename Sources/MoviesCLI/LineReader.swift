// Role in the data flow: the very start. Lines typed or piped into the process become an
// `AsyncStream` that the input loop awaits, so waiting for input never blocks the main actor: the
// loading indicator and the list are drawn while the prompt waits.

import Foundation

/// Reads standard input line by line, off the main actor.
public enum LineReader {
    /// The lines of standard input, without their line endings; the stream finishes at end of
    /// input.
    ///
    /// `readLine` blocks, so it runs on a thread of its own. Blocking a thread of the concurrency
    /// pool instead would starve it on a 2-core machine; the thread is parked in `read(2)` and
    /// ends with the process.
    public static func standardInput() -> AsyncStream<String> {
        AsyncStream { continuation in
            let thread = Thread {
                while let line = readLine(strippingNewline: true) {
                    continuation.yield(line)
                }
                continuation.finish()
            }
            thread.name = "movies.stdin"
            thread.start()
        }
    }
}
