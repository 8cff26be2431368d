// Role in the data flow: what the input loop receives. Raw bytes from stdin (or keys typed at a
// terminal) become one event per input line: a line to run, or the reason a line cannot be run.
// Each line event counts as one line for the "line N:" numbers in messages. At a terminal a key
// can be an event too, when the display hands it to the session rather than to the input line
// (the screen view's history panel does so with Up and Down). A read error or the end of the
// input is the last event.

import SystemBoundary

/// One line of input (or a key the session acts on), or why there is none.
package enum InputEvent: Equatable, Sendable {
    /// A complete line without its line ending (`\n` or `\r\n`).
    case line(String)
    /// A line longer than `limit` bytes. Sent as soon as the line passes the limit; the rest of
    /// it is skipped without being stored, and the next line comes as usual.
    case lineTooLong(limit: Int)
    /// A key pressed at a terminal that the display gave to the session instead of the input
    /// line (`ConsoleDisplay.passesToSession`): the session runs what it stands for, and the
    /// typed text stays as it was.
    case key(Key)
    /// A line that is not valid UTF-8; skipped. Carries the first bad byte and its offset in the
    /// line (0-based).
    case invalidUTF8(UTF8Validation.InvalidByte)
    /// Reading failed with this `errno`; no event follows. Not the same as end of input: what
    /// was still to come is lost, and the app says so.
    case readError(Int32)
    /// The end of the input. `final` is false when a person asked to end (Ctrl-D at a terminal)
    /// and could still type on; true when there is nothing more to read (a pipe's end).
    case end(final: Bool)
}
