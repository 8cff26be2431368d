// Role in the data flow: `goto K`, the store's `goto` action: the undos or redos between the point
// and edit K, made one Change at a time, each drawn as the row it touches.

import MoviesCore

/// Give the list as it was right after edit K.
struct GotoCommand: EditCommand {
    static let reference = CommandReference(
        name: "goto", aliases: [], usage: "goto EDIT",
        summary: "show the list as it was right after edit EDIT (see history)",
        details: [
            "goto 0 gives the list before the first edit. The edits after EDIT can be redone",
            "(redo, or goto again) until a new edit drops them, as after undo.",
            "Only the rows that change are drawn. Example: goto 3",
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
        .goto(edit: edit)
    }
}
