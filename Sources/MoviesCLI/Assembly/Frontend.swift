// Role in the data flow: both ends of a session, seen from the assembly. Lines from a pipe and a
// person at a terminal in raw mode differ only here: where the input comes from, which output the
// durability gate stands in front of, which view draws, and what is set up before the session
// and put back after it. Everything else is assembled once, by `SessionAssembly`.
//
//   input ─► Frontend ─► Session ─► … ─► view ─► Frontend's output

import MoviesCore
import SystemBoundary
import TerminalIO

/// Where a session's input comes from and where its output goes: lines (`LineFrontend`) or a
/// terminal in raw mode (`TerminalFrontend`).
@MainActor
protocol Frontend: AnyObject {
    /// Where messages about the session itself go, before it starts and after it ends.
    var messages: any TextOutput { get }
    /// The output that waits for the state file's journal (`DurableOutput` stands in front of
    /// it, with `--state`): what the view draws goes through it.
    var heldOutput: any TextOutput { get }
    /// Whether a person types the input: `quit` then acts at once, and without a state file the
    /// first `quit` with unsaved edits warns instead of leaving.
    var interactive: Bool { get }
    /// How a rejected command names its line.
    var numbering: CommandRunner.Numbering { get }

    /// Makes the view of `viewModel`, drawing through `gate` when there is one (else straight to
    /// `heldOutput`), and says where the session reads and writes.
    ///
    /// - Parameter quiet: the view draws no Changes (`--quiet`). The option's one meaning, the
    ///   same on a pipe, at `TERM=dumb` and in raw mode: the assembly passes it to every frontend
    ///   alike.
    func attach(to viewModel: MoviesViewModel, through gate: DurableOutput?, quiet: Bool)
        -> FrontendParts

    /// Takes the terminal over, if there is one to take (after `attach`).
    func start() throws(SystemCallError)

    /// Puts back what `start` took, once `session` has ended; a status when that failed.
    func finish(_ session: Session) -> ExitStatus?
}
