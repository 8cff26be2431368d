// Role in the data flow: `move FROM TO`, the store's `move` action. A move onto itself is accepted
// and changes nothing: the store returns no Change, and the runner says so.

import MoviesCore

/// Move the movie at position `from` so that it ends up at position `to`.
struct MoveCommand: EditCommand {
    static let reference = CommandReference(
        name: "move", aliases: ["mv"], usage: "move FROM TO",
        summary: "move the movie at FROM so that it ends up at TO",
        details: ["The other movies keep their order. Example: move 8 1"])
    /// Both positions name a row of the list.
    static let positions = PositionArgument(command: reference.name, includesTheEnd: false)

    let from: Int
    let to: Int

    init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }

    init(arguments: [String]) throws(CommandError) {
        try Self.expect(2...2, in: arguments)
        from = try Self.positions.parse(arguments[0])
        to = try Self.positions.parse(arguments[1])
    }

    func action(in state: MoviesState) -> MoviesViewModel.Action {
        .move(from: from - 1, to: to - 1)
    }
}
