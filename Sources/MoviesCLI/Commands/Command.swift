// Role in the data flow: a `Command` is a parsed, validated input line, and the only thing the
// command layer hands on. Each kind of command is one type in Definitions/, and that type is the
// command's one home: its names and help (`reference`), how it parses its arguments, when it may
// run, and what it runs. `CommandList` lists the types once, for parsing, help, suggestions and
// completion. Parsing knows nothing about the list of movies: whether a position exists is the
// store's business, checked by its reducers.
//
//   input line ─► Tokenizer ─► CommandList.parse ─► Command ─► run: Action ─► MoviesViewModel

/// One user command, parsed and checked, ready to run.
///
/// Positions are 1-based, exactly as the user typed them.
package protocol Command: Equatable, Sendable {
    /// The command's names and help: what `help`, the suggestions for a typo and the error
    /// messages say about it.
    static var reference: CommandReference { get }

    /// When the command may run while a fetch is in flight and lines wait for it.
    static var timing: CommandTiming { get }

    /// Whether running the command changes the list (an edit, a refresh): refused once the state
    /// file has failed, which could not keep the change.
    static var changesTheList: Bool { get }

    /// Parses the words that followed the command's name.
    ///
    /// - Throws: `CommandError` saying what is wrong and what is valid.
    init(arguments: [String]) throws(CommandError)

    /// Runs the command now, against `runner`'s store and outputs; `line` is its input line
    /// number, for messages.
    @MainActor func run(on runner: CommandRunner, line: Int) -> CommandRunner.Outcome
}

extension Command {
    /// Most commands only read the list, or read nothing.
    static var changesTheList: Bool { false }

    /// `arguments` when there are between `counts` of them; otherwise the error that says how
    /// many this command takes.
    static func expect(_ counts: ClosedRange<Int>, in arguments: [String]) throws(CommandError) {
        guard counts.contains(arguments.count) else {
            throw .wrongArguments(reference, given: arguments.count)
        }
    }
}
