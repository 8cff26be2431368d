// Parsing every command and alias, and every way a line can fail to be a command; the one list of
// commands holds every definition, and no spelling names two of them.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCLI

@Suite("Command parsing")
struct CommandListTests {
    /// Each line with the command it parses to.
    static let commands: [(String, any Command)] = [
        ("list", ListCommand(json: false)),
        ("ls", ListCommand(json: false)),
        ("LIST", ListCommand(json: false)),
        ("list --json", ListCommand(json: true)),
        ("ls --json", ListCommand(json: true)),
        ("find night", FindCommand(text: "night")),
        ("FIND 'the god'", FindCommand(text: "the god")),
        ("search Amélie", FindCommand(text: "Amélie")),
        ("find", FindCommand(text: nil)),
        ("find --json night", FindCommand(text: "night", json: true)),
        ("find ''", FindCommand(text: "")),
        ("find # nothing", FindCommand(text: nil)),
        ("move 1 3", MoveCommand(from: 1, to: 3)),
        ("mv 12 0", MoveCommand(from: 12, to: 0)),
        ("move 007 1", MoveCommand(from: 7, to: 1)),
        ("delete 2", DeleteCommand(position: 2)),
        ("rm 2", DeleteCommand(position: 2)),
        ("del 2", DeleteCommand(position: 2)),
        (
            #"insert "Blade Runner" 1982"#,
            InsertCommand(title: "Blade Runner", year: 1982, position: nil)
        ),
        ("add 'Up' 2009 1", InsertCommand(title: "Up", year: 2009, position: 1)),
        (#"add "" 2009"#, InsertCommand(title: "", year: 2009, position: nil)),
        ("add Up 3000", InsertCommand(title: "Up", year: 3000, position: nil)),
        ("rename 3 Up", RenameCommand(position: 3, title: "Up")),
        ("RENAME 03 Blade   Runner 2049", RenameCommand(position: 3, title: "Blade Runner 2049")),
        (#"rename 1 "Blade   Runner""#, RenameCommand(position: 1, title: "Blade   Runner")),
        (#"rename 1 'Schindler\'s List'"#, RenameCommand(position: 1, title: "Schindler's List")),
        ("rename 1 Film #1 is a comment", RenameCommand(position: 1, title: "Film")),
        (#"rename 1 "" """#, RenameCommand(position: 1, title: " ")),
        ("help rename", HelpCommand(topic: RenameCommand.reference)),
        ("refresh", RefreshCommand()),
        ("reload", RefreshCommand()),
        ("help", HelpCommand(topic: nil)),
        ("?", HelpCommand(topic: nil)),
        ("help move", HelpCommand(topic: MoveCommand.reference)),
        ("help RM", HelpCommand(topic: DeleteCommand.reference)),
        ("help ?", HelpCommand(topic: HelpCommand.reference)),
        ("undo", UndoCommand()),
        ("u", UndoCommand()),
        ("redo", RedoCommand()),
        ("undo 3", UndoCommand(count: 3)),
        ("u 01", UndoCommand(count: 1)),
        ("redo 2", RedoCommand(count: 2)),
        ("undo 0", UndoCommand(count: 0)),
        ("history", HistoryCommand(json: false)),
        ("history --json", HistoryCommand(json: true)),
        ("goto 0", GotoCommand(edit: 0)),
        ("GOTO 12", GotoCommand(edit: 12)),
        ("skip 3", SkipCommand(edit: 3)),
        ("rate 2 5", RateCommand(position: 2, stars: 5)),
        ("rate 2 None", RateCommand(position: 2, stars: nil)),
        ("save out.json", SaveCommand(path: "out.json")),
        (#"save "my movies.json""#, SaveCommand(path: "my movies.json")),
        ("list # everything", ListCommand(json: false)),
        ("delete 2 #3", DeleteCommand(position: 2)),
        ("quit", QuitCommand()),
        ("exit", QuitCommand()),
        ("q", QuitCommand()),
        ("  quit  ", QuitCommand()),
    ]

    @Test(arguments: commands)
    func parsesCommandsAndAliases(line: String, command: any Command) throws {
        let parsed = try CommandList.parse(line)
        #expect(parsed.map { Self.same($0, command) } == true, "\(line) parsed as \(parsed as Any)")
    }

    @Test(arguments: ["", " ", "\t\t", "# a comment", "   #move 1 2"] as [HostileText])
    func aBlankLineIsNoCommand(line: HostileText) throws {
        #expect(try CommandList.parse(line.text) == nil)
    }

    /// Each line with the error it is rejected with.
    static let badLines: [(String, CommandError)] = [
        ("frobnicate", .unknownCommand("frobnicate", suggestion: nil)),
        ("'list x'", .unknownCommand("list x", suggestion: nil)),
        ("lsit", .unknownCommand("lsit", suggestion: "list")),
        ("dlete 1", .unknownCommand("dlete", suggestion: "delete")),
        ("mvoe 1 2", .unknownCommand("mvoe", suggestion: "move")),
        ("inser Up 2009", .unknownCommand("inser", suggestion: "insert")),
        ("x", .unknownCommand("x", suggestion: nil)),
        ("help frob", .unknownHelpTopic("frob", suggestion: nil)),
        ("help lst", .unknownHelpTopic("lst", suggestion: "list")),
        ("help me now", .wrongArguments(HelpCommand.reference, given: 2)),
        ("undo 2 3", .wrongArguments(UndoCommand.reference, given: 2)),
        ("redo x", .editNotANumber("x", RedoCommand.counts)),
        ("undo -1", .editNotANumber("-1", UndoCommand.counts)),
        ("undo 99999999999999999999", .editTooLarge("99999999999999999999", UndoCommand.counts)),
        ("goto", .wrongArguments(GotoCommand.reference, given: 0)),
        ("goto 1 2", .wrongArguments(GotoCommand.reference, given: 2)),
        ("goto one", .editNotANumber("one", GotoCommand.edits)),
        ("skip -2", .editNotANumber("-2", SkipCommand.edits)),
        ("skip 99999999999999999999", .editTooLarge("99999999999999999999", SkipCommand.edits)),
        ("history x", .wrongArguments(HistoryCommand.reference, given: 1)),
        ("save", .wrongArguments(SaveCommand.reference, given: 0)),
        ("save a b", .wrongArguments(SaveCommand.reference, given: 2)),
        ("save ''", .emptyPath),
        ("film#1", .unknownCommand("film#1", suggestion: nil)),
        ("list x", .wrongArguments(ListCommand.reference, given: 1)),
        ("list --json x", .wrongArguments(ListCommand.reference, given: 2)),
        ("find the god", .wrongArguments(FindCommand.reference, given: 2)),
        ("find --json", .wrongArguments(FindCommand.reference, given: 0)),
        ("find --json a b", .wrongArguments(FindCommand.reference, given: 2)),
        ("move 1", .wrongArguments(MoveCommand.reference, given: 1)),
        ("move 1 2 3", .wrongArguments(MoveCommand.reference, given: 3)),
        ("delete", .wrongArguments(DeleteCommand.reference, given: 0)),
        ("insert Up", .wrongArguments(InsertCommand.reference, given: 1)),
        ("insert Blade Runner 1982 1", .wrongArguments(InsertCommand.reference, given: 4)),
        ("rename", .wrongArguments(RenameCommand.reference, given: 0)),
        ("rename 2", .wrongArguments(RenameCommand.reference, given: 1)),
        ("rename Up 2", .positionNotANumber("Up", RenameCommand.positions)),
        (
            "rename 99999999999999999999 Up",
            .positionTooLarge("99999999999999999999", RenameCommand.positions)
        ),
        ("renmae 1 Up", .unknownCommand("renmae", suggestion: "rename")),
        ("refresh now", .wrongArguments(RefreshCommand.reference, given: 1)),
        ("quit now", .wrongArguments(QuitCommand.reference, given: 1)),
        ("move one 2", .positionNotANumber("one", MoveCommand.positions)),
        ("move 1 -2", .positionNotANumber("-2", MoveCommand.positions)),
        ("delete -0", .positionNotANumber("-0", DeleteCommand.positions)),
        ("delete +3", .positionNotANumber("+3", DeleteCommand.positions)),
        ("delete 1e3", .positionNotANumber("1e3", DeleteCommand.positions)),
        ("delete 0x1", .positionNotANumber("0x1", DeleteCommand.positions)),
        ("delete 1.5", .positionNotANumber("1.5", DeleteCommand.positions)),
        ("delete ''", .positionNotANumber("", DeleteCommand.positions)),
        ("delete ٣", .positionNotANumber("٣", DeleteCommand.positions)),
        (
            "move 1 99999999999999999999",
            .positionTooLarge("99999999999999999999", MoveCommand.positions)
        ),
        ("add Up 2009 x", .positionNotANumber("x", InsertCommand.positions)),
        (
            "add Up 2009 99999999999999999999",
            .positionTooLarge("99999999999999999999", InsertCommand.positions)
        ),
        ("add Blade Runner", .notANumber("Runner", InsertCommand.years)),
        ("add Up -2009", .notANumber("-2009", InsertCommand.years)),
        (
            "add Up 99999999999999999999",
            .numberTooLarge("99999999999999999999", InsertCommand.years)
        ),
        ("rate 1 x", .notANumber("x", RateCommand.stars)),
        ("rate 1 -3", .notANumber("-3", RateCommand.stars)),
        ("rate 1 99999999999999999999", .numberTooLarge("99999999999999999999", RateCommand.stars)),
        ("rate x 3", .positionNotANumber("x", RateCommand.positions)),
        (#"add "Up 2009"#, .syntax(.unterminatedQuote("\""))),
        (#"add Up\"#, .syntax(.danglingBackslash)),
    ]

    @Test(arguments: badLines)
    func rejectsBadLines(line: String, error: CommandError) {
        #expect(throws: error) { try CommandList.parse(line) }
    }

    @Test func noSpellingNamesTwoCommands() {
        let spellings = CommandList.all.flatMap { $0.reference.spellings }
        #expect(Set(spellings).count == spellings.count, "no alias belongs to two commands")
        for command in CommandList.all {
            for spelling in command.reference.spellings {
                #expect(spelling == spelling.lowercased(), "spellings are looked up lowercased")
                let found = CommandList.command(named: spelling.uppercased())
                #expect(found.map { $0 == command } == true, "\(spelling) names its own command")
            }
        }
    }

    /// Every file in Commands/Definitions/ defines a command the list holds: a definition left
    /// out of `CommandList.all` could never be typed, nor be found in help.
    @Test func everyDefinitionIsInTheList() throws {
        let definitions = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/MoviesCLI/Commands/Definitions")
        let files = try FileManager.default.contentsOfDirectory(atPath: definitions.path)
            .filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(".swift".count)) }
        let listed = CommandList.all.map { String(describing: $0) }
        #expect(files.sorted() == listed.sorted())
    }

    /// Every command has a row in docs/COMMANDS.md's table of commands, with its aliases: a new
    /// command is not done until the manual says how to use it.
    @Test func everyCommandIsInTheManualsTable() throws {
        // Each row's cells, code spans made plain: the usage and the aliases first.
        let rows = try Manual.table(under: "## Commands")
        #expect(!rows.isEmpty, "the manual has a table of commands")
        for command in CommandList.all {
            let reference = command.reference
            let row = rows.first { cells in
                cells.first.map { $0 == reference.name || $0.hasPrefix(reference.name + " ") }
                    ?? false
            }
            #expect(row != nil, "\(reference.name) has a row")
            if let row, row.count > 1 {
                let aliases = row[1].split(separator: ",").map {
                    $0.split(separator: " ").first.map(String.init) ?? ""
                }
                #expect(aliases.filter { !$0.isEmpty } == reference.aliases, "\(reference.name)")
            }
        }
    }

    /// Whether two parsed commands are the same command with the same arguments.
    static func same(_ parsed: any Command, _ expected: any Command) -> Bool {
        func equal<Parsed: Command>(_ parsed: Parsed) -> Bool { (expected as? Parsed) == parsed }
        return equal(parsed)
    }
}
