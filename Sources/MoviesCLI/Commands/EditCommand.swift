// Role in the data flow: the step from a command to the store. A command that edits the list
// stands for exactly one of the store's actions; running it sends that action, and the store's
// reducer and the view do the rest. The benchmark's dispatch stage sends the same actions.
//
//   Command ─► action(in:) ─► MoviesViewModel.send ─► Change ─► view

import MoviesCore

/// A command that edits the list: insert, delete, move, rename, undo, redo.
package protocol EditCommand: Command {
    /// The store's action for this command, in 0-based positions; `state` is the state it is
    /// about to apply to (an insert without a position goes at its end).
    func action(in state: MoviesState) -> MoviesViewModel.Action
}

extension EditCommand {
    /// An edit reads and changes the list, so it waits for the list on its way.
    static var timing: CommandTiming { .afterTheList }

    /// An edit changes the list, by definition.
    static var changesTheList: Bool { true }

    /// Sends the command's action; the store emits its Changes to the view, or the rejection is
    /// reported.
    @MainActor func run(on runner: CommandRunner, line: Int) -> CommandRunner.Outcome {
        runner.edit(action(in: runner.viewModel.state), command: Self.reference, line: line)
        return .proceed
    }
}
