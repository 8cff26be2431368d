// Role in the data flow: `undo`, the store's `undo` action: the inverse of the newest edit's
// Changes, emitted like any others.

import MoviesCore

/// Take back the newest edit.
struct UndoCommand: EditCommand, CommandWithoutArguments {
    static let reference = CommandReference(
        name: "undo", aliases: ["u"], usage: "undo",
        summary: "take back the last edit (a refresh too)",
        details: [
            "Undo takes back whole commands, newest first, up to the history limit "
                + "(--history, default 1,000)."
        ])

    func action(in state: MoviesState) -> MoviesViewModel.Action { .undo }
}
