// Role in the data flow: the end of the line for a view that draws in place. The screen view writes
// text and escape sequences here; the standard streams (or, with `--state`, the durable output in
// front of them) send them to the terminal, and tests put a model of a terminal behind it.

/// Where a full-screen view's bytes go: the terminal, or a model of one in tests.
@MainActor
package protocol TerminalOutput: AnyObject {
    /// Writes `bytes` (text and escape sequences) to the terminal at once.
    func write(_ bytes: String)
}
