// Role in the data flow: what a frontend hands the assembly once the store exists. The view that
// draws the store's Changes, the source of the session's lines and the output its commands write
// to; the assembly builds the command runner and the session on them.

import TerminalIO

/// The parts of a session its frontend makes: the view, the input and the commands' output.
struct FrontendParts {
    /// The view that draws the store's Changes.
    var view: SessionView
    /// Where the session's lines come from.
    var input: any InputSource
    /// Where commands write (lists, help, errors) and where the prompt shows.
    var output: any TextOutput
}
