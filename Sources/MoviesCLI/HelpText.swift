// Role in the data flow: static text. The command reference printed by `help`, the usage lines
// quoted in error messages, and the `--help` text all come from here, so they cannot drift apart.

/// The app's help and usage texts.
public enum HelpText {
    /// One usage line per command.
    static func usage(of name: Command.Name) -> String {
        switch name {
        case .list: return "list [--json]"
        case .move: return "move FROM TO"
        case .delete: return "delete POSITION"
        case .insert: return "insert \"TITLE\" YEAR [POSITION]"
        case .refresh: return "refresh"
        case .help: return "help"
        case .quit: return "quit"
        }
    }

    /// The reference printed by the `help` command.
    public static let commands = """
        Commands (positions are 1-based, as shown in the list):
          list, ls                           show the whole list
          list --json                        print the list as one line of JSON (catalog schema)
          move, mv FROM TO                   move the movie at FROM so that it ends up at TO
          delete, rm POSITION                delete the movie at POSITION
          insert, add "TITLE" YEAR [POS]     insert a movie at POS (default: at the end)
          refresh                            fetch the list again (replaces local edits)
          help                               show this reference
          quit, exit                         leave (end of input does too)
        Titles with spaces go in double or single quotes; a backslash escapes the next character.

        """

    /// The text printed by `movies --help`, and to stderr after a bad option.
    public static let usage = """
        Usage: movies [--latency SECONDS] [--fail | --fail-first N] [--catalog FILE]
               movies --help | --version

        A movie list you edit with commands read from standard input, one per line.

        Options:
          --latency SECONDS   how long the fake API takes to answer (default 1, 0 allowed)
          --fail              make every fetch fail
          --fail-first N      make the first N fetches fail, then succeed
          --catalog FILE      serve this JSON catalog instead of the bundled one
          --help              show this help
          --version           show the version

        Exit status: 0 all commands succeeded; 1 a command was rejected; 2 the movies could not
        be loaded; 64 bad option; 74 reading input or writing output failed; 130 interrupted
        (Ctrl-C); 141 the reader of the output went away (as with | head).

        """
}
