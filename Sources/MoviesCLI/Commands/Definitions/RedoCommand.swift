// Role in the data flow: `redo [N]`, the store's `redo` action; with N, the store's `goto` forward
// N edits, as one command.

import MoviesCore

/// Bring back the newest undone edit, or the next `count`.
struct RedoCommand: EditCommand {
    static let reference = CommandReference(
        name: "redo", aliases: [], usage: "redo [N]",
        summary: "bring back what undo took back (N edits with N)",
        details: ["A new edit after undo starts over: what was undone can no longer be redone."])
    static let counts = EditArgument(command: reference.name, meaning: .count)

    /// How many edits to bring back.
    let count: Int

    init(count: Int = 1) {
        self.count = count
    }

    init(arguments: [String]) throws(CommandError) {
        try Self.expect(0...1, in: arguments)
        count = try arguments.first.map(Self.counts.parse) ?? 1
    }

    /// The store's action for one edit forward (`run` sends a `goto` for more).
    func action(in state: MoviesState) -> MoviesViewModel.Action { .redo }

    func run(on runner: CommandRunner, line: Int) -> CommandRunner.Outcome {
        let history = runner.viewModel.history
        runner.travel(
            count, available: history.redoCount, one: action(in: runner.viewModel.state),
            toward: history.point + count, command: Self.reference, line: line)
        return .proceed
    }
}
