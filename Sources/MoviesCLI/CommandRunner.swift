// Role in the data flow: the command layer. It takes one input line, parses it into a `Command`,
// and calls the matching action on the store; the store's reducer and the view do the rest. The
// runner itself draws only what is not a Change: the list or JSON on request, help, and errors.
//
//   input line ─► Command ─► CommandRunner ─► MoviesViewModel action ─► Change ─► view

import MoviesCore

/// Runs input lines against the store and reports rejected ones.
@MainActor
public final class CommandRunner {
    /// What the input loop should do after a line.
    public enum Outcome: Equatable, Sendable {
        case proceed
        case quit
    }

    private let viewModel: MoviesViewModel
    private let view: MoviesViewController
    private let output: any TextOutput
    private let numbersLines: Bool

    /// How many lines were rejected so far.
    public private(set) var rejectedCount = 0

    /// - Parameter numbersLines: prefix error messages with the input line number. Meant for
    ///   input read from a pipe or file, where the user cannot see which line failed.
    public init(
        viewModel: MoviesViewModel,
        view: MoviesViewController,
        output: any TextOutput,
        numbersLines: Bool
    ) {
        self.viewModel = viewModel
        self.view = view
        self.output = output
        self.numbersLines = numbersLines
    }

    /// The status the process should exit with if the session ended now.
    public var exitStatus: ExitStatus {
        if case .failed = viewModel.state.fetchStatus { return .loadFailed }
        return rejectedCount > 0 ? .commandRejected : .success
    }

    /// Parses and runs one input line; `number` is its 1-based line number.
    ///
    /// Commands that read or edit the list first wait for a fetch in flight: an edit made now
    /// would be overwritten by the list that is on its way, and a script piped in expects its
    /// commands to apply to the loaded list. `refresh`, `help` and `quit` act at once.
    public func run(_ line: String, number: Int) async -> Outcome {
        let command: Command
        do {
            guard let parsed = try Command.parse(line) else { return .proceed }
            command = parsed
        } catch {
            reject(ErrorMessage.describe(error, count: viewModel.state.movies.count), line: number)
            return .proceed
        }
        switch command {
        case .quit:
            return .quit
        case .help:
            output.write(HelpText.commands, to: .standard)
        case .refresh:
            viewModel.refresh()
        case .list(let json):
            await viewModel.waitForFetch()
            if json {
                view.showJSON(Catalog.jsonLine(viewModel.state.movies))
            } else {
                view.showList(viewModel.state.movies)
            }
        case .move(let from, let to):
            await viewModel.waitForFetch()
            edit(.move, line: number) { viewModel throws(MoviesState.EditError) in
                try viewModel.move(from: from - 1, to: to - 1)
            }
        case .delete(let position):
            await viewModel.waitForFetch()
            edit(.delete, line: number) { viewModel throws(MoviesState.EditError) in
                try viewModel.delete(at: position - 1)
            }
        case .insert(let title, let year, let position):
            await viewModel.waitForFetch()
            edit(.insert, line: number) { viewModel throws(MoviesState.EditError) in
                let index = position.map { $0 - 1 } ?? viewModel.state.movies.count
                try viewModel.insert(title: title, year: year, at: index)
            }
        }
        return .proceed
    }

    /// Runs one edit action; the store emits its Change to the view, or the rejection is reported.
    private func edit(
        _ name: Command.Name,
        line: Int,
        _ action: (MoviesViewModel) throws(MoviesState.EditError) -> Void
    ) {
        do {
            try action(viewModel)
        } catch {
            reject(ErrorMessage.describe(error, command: name), line: line)
        }
    }

    /// Reports `message` for input line `line` and counts it as rejected; also used by the input
    /// loop for lines that never became text (too long, not UTF-8).
    func reject(_ message: String, line: Int) {
        rejectedCount += 1
        let prefix = numbersLines ? "line \(line): " : ""
        output.write(prefix + message + "\n", to: .error)
    }
}
