// Role in the data flow: inside parsing. Several commands take no argument at all (`undo`, `redo`,
// `refresh`, `quit`); they parse the same way, written once here.

/// A command that takes no arguments.
protocol CommandWithoutArguments: Command {
    init()
}

extension CommandWithoutArguments {
    /// Accepts no words after the command's name.
    init(arguments: [String]) throws(CommandError) {
        try Self.expect(0...0, in: arguments)
        self.init()
    }
}
