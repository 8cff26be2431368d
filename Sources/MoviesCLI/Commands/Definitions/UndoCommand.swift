// Role in the data flow: `undo [N]`, the store's `undo` action: the inverse of the newest edit's
// Changes, emitted like any others; with N, the store's `goto` back N edits, as one command.

import MoviesCore

/// Take back the newest edit, or the newest `count`.
struct UndoCommand: EditCommand {
    static let reference = CommandReference(
        name: "undo", aliases: ["u"], usage: "undo [N]",
        summary: "take back the last edit, or N edits (a refresh too)",
        details: [
            "Undo takes back whole commands, newest first, up to the history limit "
                + "(--history, default 1,000).",
            "undo 3 takes back three at once, as goto to the edit three back does.",
        ])
    static let counts = EditArgument(command: reference.name, meaning: .count)

    /// How many edits to take back.
    let count: Int

    init(count: Int = 1) {
        self.count = count
    }

    init(arguments: [String]) throws(CommandError) {
        try Self.expect(0...1, in: arguments)
        count = try arguments.first.map(Self.counts.parse) ?? 1
    }

    /// The store's action for one edit back (`run` sends a `goto` for more).
    func action(in state: MoviesState) -> MoviesViewModel.Action { .undo }

    func run(on runner: CommandRunner, line: Int) -> CommandRunner.Outcome {
        let history = runner.viewModel.history
        runner.travel(
            count, available: history.undoCount, one: action(in: runner.viewModel.state),
            toward: history.point - count, command: Self.reference, line: line)
        return .proceed
    }
}
