// Role in the data flow: what a frontend hands the assembly once the store exists. The view that
// draws the store's Changes, the source of the session's lines and the output its commands write
// to; the assembly builds the command runner and the session on them.

import TerminalIO

/// The parts of a session its frontend makes: the view, the input and the commands' output.
///
/// They come as one value from `Frontend.attach` because only the frontend knows how they fit
/// together (at a terminal, one console reads the keys and shows the prompt); the assembly builds
/// the same command runner and session on whichever parts it is given.
struct FrontendParts {
    /// The view that draws the store's Changes.
    var view: SessionView
    /// Where the session's lines come from.
    var input: any InputSource
    /// Where commands write (lists, help, errors) and where the prompt shows.
    var output: any TextOutput
}
