// Role in the data flow: `help` and `help COMMAND`. Nothing changes: the reference or one
// command's page is printed (`HelpText` builds both from the commands' references).

/// Show the command reference, or (with a topic) one command's page.
struct HelpCommand: Command {
    static let reference = CommandReference(
        name: "help", aliases: ["?"], usage: "help [COMMAND]",
        summary: "show this reference, or one command's page",
        details: ["Example: help insert"])
    /// Help needs no list and answers at once, even during a slow fetch.
    static let timing = CommandTiming.atOnce

    /// The command whose page to show; `nil` for the reference.
    let topic: CommandReference?

    init(topic: CommandReference?) {
        self.topic = topic
    }

    init(arguments: [String]) throws(CommandError) {
        try Self.expect(0...1, in: arguments)
        guard let word = arguments.first else {
            topic = nil
            return
        }
        guard let command = CommandList.command(named: word) else {
            throw .unknownHelpTopic(word, suggestion: Suggestion.nearest(to: word))
        }
        topic = command.reference
    }

    func run(on runner: CommandRunner, line: Int) -> CommandRunner.Outcome {
        runner.output.write(topic.map(HelpText.page) ?? HelpText.commands, to: .standard)
        return .proceed
    }
}
