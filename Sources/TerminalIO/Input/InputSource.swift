// Role in the data flow: the very start. Whatever the input is (a pipe, a file, the arguments of
// `-c`, a person at a terminal), the session sees one thing: a source of lines it can ask "is
// there one ready now?" and "wait for the next one". Asking first is what lets the session commit
// a whole burst of edits with one `fsync` before it waits.

/// Where the session's lines come from.
@MainActor
package protocol InputSource: AnyObject {
    /// The next event, if one is ready now without waiting.
    func nextReady() -> InputEvent?
    /// Waits for the next event. After `.end(final: true)` or `.failed`, it keeps returning that.
    func next() async -> InputEvent
}
