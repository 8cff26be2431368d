// Role in the data flow: the end of the line. The view controller and the command runner write
// finished text here; an implementation decides where it goes (the process's stdout and stderr, or
// a recorder in tests). Nothing downstream of `TextOutput` changes what is written.

/// A destination for the app's text.
///
/// Every `write` is one complete redraw (one or more whole lines) and is delivered before the call
/// returns, so a program reading a pipe sees the loading indicator when it is drawn, not when the
/// process ends.
@MainActor
package protocol TextOutput: AnyObject {
    /// Writes `text`, which ends with a newline, to `channel`.
    func write(_ text: String, to channel: OutputChannel)
    /// Shows the input prompt, if this output has one.
    func showPrompt()
    /// Notes that the prompt was answered: the cursor is on a fresh line again.
    func promptAnswered()
}

extension TextOutput {
    package func showPrompt() {}
    package func promptAnswered() {}
}
