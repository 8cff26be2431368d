// Role in the data flow: both ends of a session on lines: a pipe, a file, the commands of `-c`, or
// a person at a terminal that takes no escape sequences (`TERM=dumb`), who gets a prompt. Lines in,
// the line view's text out, on the same output as every message.
//
//   stdin ─► LineReader (or ScriptInput) ─► Session ─► … ─► line view ─► StandardStreams

import MoviesCore
import MoviesViews
import SystemBoundary
import TerminalIO

/// A session on lines: `input` in, text to `output`.
///
/// Lines need nothing taken over or given back, so it differs from the terminal only in what it
/// tells the session: how a rejected line is named (by its line, by its `-c` command, or not at
/// all for a person) and whether a person types.
@MainActor
final class LineFrontend: Frontend {
    private let input: any InputSource
    private let output: any TextOutput
    let interactive: Bool
    let numbering: CommandRunner.Numbering

    /// Lines from `input`, text to `output`.
    ///
    /// `interactive`: a person typing at a terminal in line mode (`TERM=dumb`). `options` say
    /// whether the lines are `-c`'s.
    init(input: any InputSource, output: any TextOutput, interactive: Bool, options: Options) {
        self.input = input
        self.output = output
        self.interactive = interactive
        numbering = interactive ? .none : options.commands == nil ? .lines : .commands
    }

    var messages: any TextOutput { output }

    var heldOutput: any TextOutput { output }

    func attach(to viewModel: MoviesViewModel, through gate: DurableOutput?, quiet: Bool)
        -> FrontendParts
    {
        let drawn: any TextOutput = gate ?? output
        let view = MoviesViewController(viewModel: viewModel, output: drawn, quiet: quiet)
        return FrontendParts(view: .line(view), input: input, output: drawn)
    }

    func start() {}

    func finish(_ session: Session) -> ExitStatus? {
        if interactive, session.endedAtEndOfInput {
            // End of input typed as Ctrl-D: leave the shell's prompt on a line of its own.
            output.write("\n", to: .standard)
        }
        return nil
    }
}
