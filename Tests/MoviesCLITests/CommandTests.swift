// Parsing every command and alias, and every way a line can fail to be a command.

import MoviesTestSupport
import Testing

@testable import MoviesCLI

@Suite("Command parsing")
struct CommandTests {
    @Test(arguments: [
        ("list", Command.list(json: false)),
        ("ls", .list(json: false)),
        ("LIST", .list(json: false)),
        ("list --json", .list(json: true)),
        ("ls --json", .list(json: true)),
        ("move 1 3", .move(from: 1, to: 3)),
        ("mv 12 0", .move(from: 12, to: 0)),
        ("move 007 1", .move(from: 7, to: 1)),
        ("delete 2", .delete(2)),
        ("rm 2", .delete(2)),
        ("del 2", .delete(2)),
        (#"insert "Blade Runner" 1982"#, .insert(title: "Blade Runner", year: 1982, position: nil)),
        ("add 'Up' 2009 1", .insert(title: "Up", year: 2009, position: 1)),
        (#"add "" 2009"#, .insert(title: "", year: 2009, position: nil)),
        ("add Up 3000", .insert(title: "Up", year: 3000, position: nil)),
        ("refresh", .refresh),
        ("reload", .refresh),
        ("help", .help(nil)),
        ("?", .help(nil)),
        ("help move", .help(.move)),
        ("help RM", .help(.delete)),
        ("help ?", .help(.help)),
        ("undo", .undo),
        ("u", .undo),
        ("redo", .redo),
        ("save out.json", .save(path: "out.json")),
        (#"save "my movies.json""#, .save(path: "my movies.json")),
        ("list # everything", .list(json: false)),
        ("delete 2 #3", .delete(2)),
        ("quit", .quit),
        ("exit", .quit),
        ("q", .quit),
        ("  quit  ", .quit),
    ])
    func parsesCommandsAndAliases(line: String, command: Command) throws {
        #expect(try Command.parse(line) == command)
    }

    @Test(arguments: ["", " ", "\t\t", "# a comment", "   #move 1 2"] as [HostileText])
    func aBlankLineIsNoCommand(line: HostileText) throws {
        #expect(try Command.parse(line.text) == nil)
    }

    @Test(arguments: [
        ("frobnicate", CommandError.unknownCommand("frobnicate", suggestion: nil)),
        ("'list x'", .unknownCommand("list x", suggestion: nil)),
        ("lsit", .unknownCommand("lsit", suggestion: "list")),
        ("dlete 1", .unknownCommand("dlete", suggestion: "delete")),
        ("mvoe 1 2", .unknownCommand("mvoe", suggestion: "move")),
        ("inser Up 2009", .unknownCommand("inser", suggestion: "insert")),
        ("x", .unknownCommand("x", suggestion: nil)),
        ("help frob", .unknownHelpTopic("frob", suggestion: nil)),
        ("help lst", .unknownHelpTopic("lst", suggestion: "list")),
        ("help me now", .wrongArguments(.help, given: 2)),
        ("undo 2", .wrongArguments(.undo, given: 1)),
        ("redo x", .wrongArguments(.redo, given: 1)),
        ("save", .wrongArguments(.save, given: 0)),
        ("save a b", .wrongArguments(.save, given: 2)),
        ("save ''", .emptyPath),
        ("film#1", .unknownCommand("film#1", suggestion: nil)),
        ("list x", .wrongArguments(.list, given: 1)),
        ("list --json x", .wrongArguments(.list, given: 2)),
        ("move 1", .wrongArguments(.move, given: 1)),
        ("move 1 2 3", .wrongArguments(.move, given: 3)),
        ("delete", .wrongArguments(.delete, given: 0)),
        ("insert Up", .wrongArguments(.insert, given: 1)),
        ("insert Blade Runner 1982 1", .wrongArguments(.insert, given: 4)),
        ("refresh now", .wrongArguments(.refresh, given: 1)),
        ("quit now", .wrongArguments(.quit, given: 1)),
        ("move one 2", .positionNotANumber("one", command: .move)),
        ("move 1 -2", .positionNotANumber("-2", command: .move)),
        ("delete -0", .positionNotANumber("-0", command: .delete)),
        ("delete +3", .positionNotANumber("+3", command: .delete)),
        ("delete 1e3", .positionNotANumber("1e3", command: .delete)),
        ("delete 0x1", .positionNotANumber("0x1", command: .delete)),
        ("delete 1.5", .positionNotANumber("1.5", command: .delete)),
        ("delete ''", .positionNotANumber("", command: .delete)),
        ("delete ٣", .positionNotANumber("٣", command: .delete)),
        ("move 1 99999999999999999999", .positionTooLarge("99999999999999999999", command: .move)),
        ("add Up 2009 x", .positionNotANumber("x", command: .insert)),
        (
            "add Up 2009 99999999999999999999",
            .positionTooLarge("99999999999999999999", command: .insert)
        ),
        ("add Blade Runner", .yearNotANumber("Runner")),
        ("add Up -2009", .yearNotANumber("-2009")),
        ("add Up 99999999999999999999", .yearTooLarge("99999999999999999999")),
        (#"add "Up 2009"#, .syntax(.unterminatedQuote("\""))),
        (#"add Up\"#, .syntax(.danglingBackslash)),
    ])
    func rejectsBadLines(line: String, error: CommandError) {
        #expect(throws: error) { try Command.parse(line) }
    }

    @Test func everyCommandIsNamedByItsOwnSpellingsOnly() {
        let spellings = Command.Name.allCases.flatMap(\.spellings)
        #expect(Set(spellings).count == spellings.count, "no alias belongs to two commands")
        for name in Command.Name.allCases {
            #expect(name.spellings.first == name.rawValue, "the first spelling is the name")
            for spelling in name.spellings {
                #expect(Command.Name(word: spelling.uppercased()) == name)
            }
        }
    }
}
