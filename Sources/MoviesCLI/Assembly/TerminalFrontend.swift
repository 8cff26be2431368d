// Role in the data flow: both ends of a session at a terminal in raw mode. The console reads keys
// and owns the input line; the line view draws its rows above that line, through the console, or
// the screen view (`--screen`) is the console's display and draws the whole window. Raw mode is
// taken before the first key and given back after the session, on every way out.
//
//   stdin (raw) ─► ChunkReader ─► TerminalConsole ─► Session ─► … ─► view ─► StandardStreams
//   line view: rows ─► TerminalConsole ─► LineDisplay (around the input line) ─► terminal
//   screen view: rows ─► ScreenView ─► terminal; TerminalConsole draws its input line there

import MoviesCore
import MoviesViews
import SystemBoundary
import TerminalIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A person at a terminal in raw mode, with the line view or the screen view.
///
/// Raw mode hands the app each key as it is typed, so the console can edit the input line (Tab
/// completes a command's name) and draw rows above it or the whole window. The terminal must then
/// be given back on every way out: `start` takes it with the signal handlers that restore it, and
/// `finish` restores it after the session, with a status when that fails.
@MainActor
final class TerminalFrontend: Frontend {
    private let mode: TerminalMode
    private let streams: StandardStreams
    private let size: TerminalMode.WindowSize
    /// The line view's console, made at once; `nil` with the screen view.
    ///
    /// The line view's rows go through it, to be drawn above the input line, so it is what
    /// waits for the disk.
    private let lineConsole: TerminalConsole?
    /// The console, once `attach` has made the view.
    private var console: TerminalConsole?
    private var screenView: ScreenView?

    /// The terminal `mode` describes, drawn on through `output`; `screen`: the screen view.
    init(mode: TerminalMode, screen: Bool, output: StandardStreams) {
        self.mode = mode
        streams = output
        size = TerminalMode.windowSize(of: STDOUT_FILENO)
        let display = LineDisplay(terminal: output, width: size.columns)
        lineConsole = screen ? nil : Self.console(mode, display: display)
    }

    var messages: any TextOutput { streams }

    /// The line view's console; the terminal itself for the screen view, whose console draws
    /// only the input line, on the screen view.
    var heldOutput: any TextOutput { lineConsole ?? streams }

    var interactive: Bool { true }

    var numbering: CommandRunner.Numbering { .none }

    func attach(to viewModel: MoviesViewModel, through gate: DurableOutput?, quiet: Bool)
        -> FrontendParts
    {
        if let lineConsole {
            console = lineConsole
            let drawn: any TextOutput = gate ?? lineConsole
            let view = MoviesViewController(viewModel: viewModel, output: drawn, quiet: quiet)
            return FrontendParts(view: .line(view), input: lineConsole, output: drawn)
        }
        let terminal: any TerminalOutput = gate ?? streams
        let view = ScreenView(viewModel: viewModel, terminal: terminal, size: size)
        let console = Self.console(mode, display: view)
        self.console = console
        screenView = view
        return FrontendParts(view: .screen(view), input: console, output: console)
    }

    /// Raw mode, the signal handlers that give the terminal back, and the screen view's screen.
    func start() throws(SystemCallError) {
        guard let console else { return }
        try console.start()
        screenView?.start()
    }

    func finish(_ session: Session) -> ExitStatus? {
        guard let failure = console?.close() else { return nil }
        streams.write("movies: cannot restore the terminal: \(failure)\n", to: .error)
        return .ioError
    }

    /// A console on `mode`'s terminal drawing on `display`, reading standard input.
    private static func console(_ mode: TerminalMode, display: any ConsoleDisplay)
        -> TerminalConsole
    {
        TerminalConsole(
            mode: mode, chunks: ChunkReader(descriptor: STDIN_FILENO), display: display,
            prompt: HelpText.prompt, commandNames: CommandList.names,
            windowSize: { TerminalMode.windowSize(of: STDOUT_FILENO) })
    }
}
