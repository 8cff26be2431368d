// Role in the data flow: `quit`. It ends the input loop; the session decides whether the lines
// still waiting for the list run first (a script's `quit`) or not (one typed at a terminal).

/// End the session.
struct QuitCommand: Command, CommandWithoutArguments {
    static let reference = CommandReference(
        name: "quit", aliases: ["exit", "q"], usage: "quit",
        summary: "leave (end of input does too)",
        details: ["Ctrl-D on an empty line at a terminal quits too."])
    static let timing = CommandTiming.atOnce

    func run(on runner: CommandRunner, line: Int) -> CommandRunner.Outcome {
        .quit
    }
}
