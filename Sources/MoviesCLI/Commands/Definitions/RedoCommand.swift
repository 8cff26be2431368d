// Role in the data flow: `redo`, the store's `redo` action.

import MoviesCore

/// Bring back the newest undone edit.
struct RedoCommand: EditCommand, CommandWithoutArguments {
    static let reference = CommandReference(
        name: "redo", aliases: [], usage: "redo",
        summary: "bring back what undo took back",
        details: ["A new edit after undo starts over: what was undone can no longer be redone."])

    func action(in state: MoviesState) -> MoviesViewModel.Action { .redo }
}
