// Role in the data flow: `delete N`, the store's `delete` action.

import MoviesCore

/// Delete the movie at a position.
struct DeleteCommand: EditCommand {
    static let reference = CommandReference(
        name: "delete", aliases: ["rm", "del"], usage: "delete POSITION",
        summary: "delete the movie at POSITION",
        details: ["Example: delete 3 (undo brings it back)"])
    /// The position names a row of the list.
    static let positions = PositionArgument(command: reference.name, includesTheEnd: false)

    let position: Int

    init(position: Int) {
        self.position = position
    }

    init(arguments: [String]) throws(CommandError) {
        try Self.expect(1...1, in: arguments)
        position = try Self.positions.parse(arguments[0])
    }

    func action(in state: MoviesState) -> MoviesViewModel.Action {
        .delete(at: position - 1)
    }
}
