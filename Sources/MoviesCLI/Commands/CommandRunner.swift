// Role in the data flow: the command layer's context. It takes one input line, parses it into a
// `Command`, and runs it: each command (in Definitions/) says what it does, through the runner's
// store, view and outputs; an edit sends its action to the store, and the store's reducer and the
// view do the rest. The runner itself draws only what is not a Change: notices and errors; it
// counts what was rejected and what is not saved.
//
//   input line ─► Command ─► CommandRunner ─► MoviesViewModel.send(action) ─► Change ─► view

import MoviesCore
import MoviesFormats
import MoviesViews
import SystemBoundary
import TerminalIO

/// Runs commands against the store and reports rejected ones.
@MainActor
package final class CommandRunner {
    /// What the input loop should do after a command.
    package enum Outcome: Equatable, Sendable {
        case proceed
        case quit
    }

    /// How error messages say where the rejected input was.
    package enum Numbering: Equatable, Sendable {
        /// No prefix: a person at a terminal sees the line they just typed.
        case none
        /// `line 9: …`, for input read from a pipe or a file.
        case lines
        /// `command 2: …`, for the commands of `-c`.
        case commands
    }

    /// The store the commands run against.
    let viewModel: MoviesViewModel
    /// The view that shows the list when asked (`list`).
    let view: any ListPresenter
    /// Where requested text (help) goes, besides the view.
    let output: any TextOutput
    private let numbering: Numbering
    private let quiet: Bool
    /// Which file the session has open a name reaches, said as the end of `save`'s refusal;
    /// `nil` for none.
    let openFile: (FileName) -> String?
    /// The largest file the list may take: what a catalog (and so `save`'s file and the state
    /// file's snapshot) is read back at.
    let fileSizeLimit: Int
    private let listSize: ListFileSize
    /// The session's state file, once it has failed; `nil` while it works, or without one.
    ///
    /// The assembly sets it with `--state`: from the failure on, a command that would change the
    /// list is refused (see `refusesChange`).
    var stateFileFailure: () -> StateFileFailure? = { nil }
    /// The state file this session follows (`--follow`), which only the session that owns it
    /// edits; `nil` in a session of its own.
    ///
    /// The assembly sets it: every command that would change the list is then refused (see
    /// `refusesChange`).
    var followedFile: FileName?

    /// How many lines were rejected so far.
    package private(set) var rejectedCount = 0
    /// Accepted edits that changed the list (insert, delete, move, rename, rate, undo, redo)
    /// since the last `save`.
    package private(set) var unsavedEdits = 0

    /// - Parameters:
    ///   - numbering: how error messages name the input they reject (by line number for input
    ///     read from a pipe or file, where the user cannot see which line failed).
    ///   - quiet: print only what commands ask for (lists, JSON, help) and errors.
    ///   - openFile: which file the session has open (the state file, the trace, its own output)
    ///     a name reaches, by device and inode, said as the end of `save`'s refusal; `nil` for
    ///     none.
    ///   - fileSizeLimit: the bytes the list may take as a file; an insert or a rename past it
    ///     and a `save` of a list past it are refused. Tests give a small one.
    package init(
        viewModel: MoviesViewModel,
        view: any ListPresenter,
        output: any TextOutput,
        numbering: Numbering,
        quiet: Bool = false,
        openFile: @escaping (FileName) -> String? = { _ in nil },
        fileSizeLimit: Int = Catalog.maximumFileSize
    ) {
        self.viewModel = viewModel
        self.view = view
        self.output = output
        self.numbering = numbering
        self.quiet = quiet
        self.openFile = openFile
        self.fileSizeLimit = fileSizeLimit
        listSize = ListFileSize(viewModel: viewModel)
    }

    /// The status the process should exit with if the session ended now.
    package var exitStatus: ExitStatus {
        if case .failed = viewModel.state.fetchStatus { return .loadFailed }
        return rejectedCount > 0 ? .commandRejected : .success
    }

    // MARK: - Lines

    /// Parses one input line; a line that does not parse is reported and gives `nil`, as does a
    /// blank line or a comment.
    private func parse(_ line: String, number: Int) -> (any Command)? {
        do {
            return try CommandList.parse(line)
        } catch {
            reject(error, line: number)
            return nil
        }
    }

    /// Reports a line that did not parse (`line` is its number).
    func reject(_ error: CommandError, line: Int) {
        reject(ErrorMessage.describe(error, count: knownCount), line: line)
    }

    /// Parses and runs one line, first waiting for a fetch in flight if the command needs the
    /// list; `number` is its 1-based line number.
    ///
    /// The simple, sequential way to drive the runner, one line after another: the tests, the fuzz
    /// test and the benchmark's pipeline use it. The app itself never does: every session (piped,
    /// `-c`, or at a terminal) goes through `Session`, which calls `parse` and `run(_:number:)`
    /// so that `help` and `quit` act while earlier commands wait.
    package func run(_ line: String, number: Int) async -> Outcome {
        guard let command = parse(line, number: number) else { return .proceed }
        if type(of: command).timing == .afterTheList { await viewModel.waitForFetch() }
        return run(command, number: number)
    }

    /// Runs `command` now; `number` is its input line number, for messages.
    package func run(_ command: any Command, number: Int) -> Outcome {
        if refusesChange(command, line: number) { return .proceed }
        return command.run(on: self, line: number)
    }

    // MARK: - What commands use

    /// Sends one edit; the store emits its Changes to the view, or the rejection is reported.
    ///
    /// What the store returns says what the edit did: an edit that changed nothing (a move onto
    /// itself, a rename to the title the movie has) is said so and is no unsaved edit; any other
    /// is one more.
    /// - Returns: the Changes the edit made, or `nil` when it was rejected.
    @discardableResult
    func edit(_ action: MoviesViewModel.Action, command: CommandReference, line: Int)
        -> MoviesViewModel.Changes?
    {
        let changes: MoviesViewModel.Changes
        do {
            changes = try viewModel.send(action)
        } catch {
            reject(ErrorMessage.describe(error, command: command), line: line)
            return nil
        }
        if changes.isEmpty {
            notice("\(command.name): nothing changed")
        } else {
            unsavedEdits += 1
            view.editDone()
        }
        return changes
    }

    /// Steps `count` edits back or forward (`undo N`, `redo N`): `one`, the store's undo or
    /// redo, for a single edit, and a `goto` to edit `target` for more, as one command; a count
    /// of 0, or more than the `available` edits, is refused here with a message of its own, and
    /// `one` says so when none is available.
    func travel(
        _ count: Int, available: Int, one: MoviesViewModel.Action, toward target: Int,
        command: CommandReference, line: Int
    ) {
        guard count > 1 else {
            if count == 1 {
                edit(one, command: command, line: line)
            } else {
                reject(
                    .editNotANumber("0", EditArgument(command: command.name, meaning: .count)),
                    line: line)
            }
            return
        }
        guard count <= available else {
            if available == 0 {
                edit(one, command: command, line: line)
            } else {
                reject(
                    ErrorMessage.tooManyEdits(count, available: available, command: command),
                    line: line)
            }
            return
        }
        edit(.goto(edit: target), command: command, line: line)
    }

    /// The bytes the list would take as a file with `movie` inserted.
    func fileBytes(inserting movie: Movie) -> Int {
        listSize.bytes(inserting: movie)
    }

    /// The bytes the list would take as a file with `old`, one of its movies, replaced by `new`
    /// (the same movie reading differently: renamed, rated).
    func fileBytes(replacing old: Movie, with new: Movie) -> Int {
        listSize.bytes(replacing: old, with: new)
    }

    /// Notes that the list was saved: no edit is unsaved any more.
    func markSaved() {
        unsavedEdits = 0
    }

    /// Whether a list of `bytes` as a file is within `fileSizeLimit`; if not, the command is
    /// rejected, saying why, and nothing has changed (`writing`: the command writes the file,
    /// as `save` does, rather than growing the list).
    ///
    /// A file the app writes must read back: a state file whose snapshot passed the catalog's
    /// bound would lock the whole list out at the next start.
    func fits(_ bytes: Int, command: CommandReference, writing: Bool, line: Int) -> Bool {
        guard bytes > fileSizeLimit else { return true }
        reject(
            "\(command.name): \(writing ? "the list takes" : "the list would take") \(bytes) bytes "
                + "as a file, more than the \(fileSizeLimit) a catalog or state file may hold to "
                + "be read back; nothing was \(writing ? "written" : "changed"); delete some "
                + "movies, or shorten titles, first",
            line: line)
        return false
    }

    // MARK: - Output

    /// The list's length for messages, or `nil` before the first list has arrived.
    private var knownCount: Int? {
        let state = viewModel.state
        switch state.fetchStatus {
        case .idle, .loading: return state.movies.isEmpty ? nil : state.movies.count
        case .loaded, .failed: return state.movies.count
        }
    }

    /// A line that reports something the user did not ask to see printed; `--quiet` drops it.
    func notice(_ text: String) {
        guard !quiet else { return }
        output.write(text + "\n", to: .standard)
    }

    /// Reports `message` for input line `line` and counts it as rejected; also used by the input
    /// loop for lines that never became text (too long, not UTF-8).
    func reject(_ message: String, line: Int) {
        rejectedCount += 1
        let prefix: String
        switch numbering {
        case .none: prefix = ""
        case .lines: prefix = "line \(line): "
        case .commands: prefix = "command \(line): "
        }
        output.write(prefix + message + "\n", to: .error)
    }

    /// Reports a problem that is not about one line of input (a failed read, a failed write).
    func report(_ message: String) {
        output.write(message + "\n", to: .error)
    }
}
