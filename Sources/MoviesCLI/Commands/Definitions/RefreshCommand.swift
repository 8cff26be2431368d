// Role in the data flow: `refresh`, the store's `refresh` action: a fetch starts, and its answer
// comes back later as an action of its own.

/// Fetch the list again.
struct RefreshCommand: Command, CommandWithoutArguments {
    static let reference = CommandReference(
        name: "refresh", aliases: ["reload"], usage: "refresh",
        summary: "fetch the list again (undo brings yours back)",
        details: ["The fetched list replaces the one shown; undo puts yours back."])
    /// A refresh needs no list, but one typed behind waiting commands must not start before them.
    static let timing = CommandTiming.inTurn
    /// The fetched list replaces the one shown.
    static let changesTheList = true

    func run(on runner: CommandRunner, line: Int) -> CommandRunner.Outcome {
        runner.viewModel.refresh()
        return .proceed
    }
}
