// Role in the data flow: `skip K`, the store's `skip` action: edit K taken out, the later edits
// brought back without it, all as one new edit. The store says which later edits no longer
// applied (their movie is gone); the command names them.

import MoviesCore

/// Take edit K out: the list as it would be had K never been made.
struct SkipCommand: EditCommand {
    static let reference = CommandReference(
        name: "skip", aliases: [], usage: "skip EDIT",
        summary: "take edit EDIT out and keep the edits after it (see history)",
        details: [
            "The later edits are made again without it, each on its movie wherever that is;",
            "one whose movie is gone is left out, and named. The whole skip is one edit:",
            "undo puts EDIT back. Example: skip 2",
        ])
    static let edits = EditArgument(command: reference.name, meaning: .edit)

    let edit: Int

    init(edit: Int) {
        self.edit = edit
    }

    init(arguments: [String]) throws(CommandError) {
        try Self.expect(1...1, in: arguments)
        edit = try Self.edits.parse(arguments[0])
    }

    func action(in state: MoviesState) -> MoviesViewModel.Action {
        .skip(edit: edit)
    }

    /// Sends the skip, then names each later edit it left out.
    func run(on runner: CommandRunner, line: Int) -> CommandRunner.Outcome {
        let action = action(in: runner.viewModel.state)
        // Accepted, the skip is the newest edit, the one the list is right after.
        guard runner.edit(action, command: Self.reference, line: line) != nil,
            let skip = runner.viewModel.history.edit(runner.viewModel.history.point)
        else { return .proceed }
        for number in skip.dropped {
            runner.notice(
                "\(Self.reference.name): edit \(number) no longer applies (its movie is gone); "
                    + "it was left out")
        }
        return .proceed
    }
}
