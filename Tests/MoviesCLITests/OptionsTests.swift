// Command-line options: every option in both spellings, and a clear error for each bad one, each
// refused combination and each option that answers by itself.

import SystemBoundary
import Testing

@testable import MoviesCLI

@Suite("Options")
struct OptionsTests {
    @Test(
        arguments: [
            ([], Options.Request.run(Options())),
            (["--latency", "0"], .run(Options(latency: 0))),
            (["--latency=2.5"], .run(Options(latency: 2.5))),
            (["--latency", ".5"], .run(Options(latency: 0.5))),
            (["--latency", "5."], .run(Options(latency: 5))),
            (["--latency", "3600"], .run(Options(latency: 3600))),
            (["--latency", "0003600.000"], .run(Options(latency: 3600))),
            (["--fail-first", "9223372036854775807"], .run(Options(failingFetches: Int.max))),
            (["--fail"], .run(Options(failingFetches: Int.max))),
            (["--fail-first", "2"], .run(Options(failingFetches: 2))),
            (["--fail-first=0"], .run(Options(failingFetches: 0))),
            (
                ["--catalog", "x.json", "--latency", "0"],
                .run(Options(latency: 0, catalogPath: "x.json"))
            ),
            (["--help"], .help),
            (["-h"], .help),
            (["--latency", "0", "--help"], .help),
            (["--version"], .version),
            (["--latency", "1", "--latency", "2"], .run(Options(latency: 2))),
            (["--fail-first", "2", "--fail"], .run(Options(failingFetches: Int.max))),
        ] as [([String], Options.Request)])
    func parsesOptions(arguments: [String], request: Options.Request) throws {
        #expect(try Options.parse(arguments) == request)
    }

    @Test(
        arguments: [
            (["--latency"], "option --latency needs a value"),
            (
                ["--latency", "soon"],
                "--latency: \"soon\" is not a number of seconds from 0 to 3600"
            ),
            (["--latency", "-1"], "--latency: \"-1\" is not a number of seconds from 0 to 3600"),
            (["--latency", "nan"], "--latency: \"nan\" is not a number of seconds from 0 to 3600"),
            (
                ["--latency", "1.2.3"],
                "--latency: \"1.2.3\" is not a number of seconds from 0 to 3600"
            ),
            (["--latency", "."], "--latency: \".\" is not a number of seconds from 0 to 3600"),
            (["--latency", "inf"], "--latency: \"inf\" is not a number of seconds from 0 to 3600"),
            (
                ["--latency", "3601"],
                "--latency: \"3601\" is not a number of seconds from 0 to 3600"
            ),
            (
                ["--latency", "0x10"],
                "--latency: \"0x10\" is not a number of seconds from 0 to 3600"
            ),
            (["--latency", "1e3"], "--latency: \"1e3\" is not a number of seconds from 0 to 3600"),
            (["--latency", "+1"], "--latency: \"+1\" is not a number of seconds from 0 to 3600"),
            (["--latency", " 1"], "--latency: \" 1\" is not a number of seconds from 0 to 3600"),
            (["--latency", "1 "], "--latency: \"1 \" is not a number of seconds from 0 to 3600"),
            (
                ["--latency", "Infinity"],
                "--latency: \"Infinity\" is not a number of seconds from 0 to 3600"
            ),
            (["--latency", "."], "--latency: \".\" is not a number of seconds from 0 to 3600"),
            (
                ["--latency", "1.2.3"],
                "--latency: \"1.2.3\" is not a number of seconds from 0 to 3600"
            ),
            (["--latency", ""], "--latency: \"\" is not a number of seconds from 0 to 3600"),
            (["--latency", "１"], "--latency: \"１\" is not a number of seconds from 0 to 3600"),
            (
                ["--latency", String(repeating: "9", count: 400)],
                "--latency: \"\(String(repeating: "9", count: 40))…\" is not a number of seconds from 0 to 3600"
            ),
            (
                ["--fail-first", "-1"],
                "--fail-first: \"-1\" is not a whole number of fetches (0 or more)"
            ),
            (
                ["--fail-first", "x"],
                "--fail-first: \"x\" is not a whole number of fetches (0 or more)"
            ),
            (
                ["--fail-first", "+1"],
                "--fail-first: \"+1\" is not a whole number of fetches (0 or more)"
            ),
            (
                ["--fail-first", "9223372036854775808"],
                "--fail-first: 9223372036854775808 is too large; at most 9223372036854775807 (use --fail to fail every fetch)"
            ),
            (["--fail=yes"], "option --fail takes no value"),
            (["--help=1"], "option --help takes no value"),
            (["--catalog", ""], "--catalog: the path is empty"),
            (["--catalog"], "option --catalog needs a value"),
            (["--verbose"], "unknown option \"--verbose\""),
            (["list"], "unknown option \"list\""),
            (["--\u{1B}[31m"], "unknown option \"--\\u{1B}[31m\""),
        ] as [([String], String)])
    func rejectsBadOptions(arguments: [String], message: String) {
        #expect(throws: Options.Error(description: message)) { try Options.parse(arguments) }
    }

    @Test(
        arguments: [
            (["--state", "my.state"], Options.Request.run(Options(statePath: "my.state"))),
            (["--state=my.state"], .run(Options(statePath: "my.state"))),
            (["--trace"], .run(Options(trace: .standardError))),
            (["--trace", "t.jsonl"], .run(Options(trace: .file("t.jsonl")))),
            (["--trace=t.jsonl"], .run(Options(trace: .file("t.jsonl")))),
            (["--trace", "--quiet"], .run(Options(trace: .standardError, quiet: true))),
            (["--history", "0"], .run(Options(historyLimit: 0))),
            (["--history=1000000"], .run(Options(historyLimit: 1_000_000))),
            (["--quiet"], .run(Options(quiet: true))),
            (["-c", "list; quit"], .run(Options(commands: "list; quit"))),
            (["-c", ""], .run(Options(commands: ""))),
            (["--replay", "t.jsonl"], .replay(path: "t.jsonl")),
            (["--replay=t.jsonl", "--quiet"], .replay(path: "t.jsonl")),
            (
                [
                    "--latency", "0", "--state", "s", "--trace", "t", "--history", "5", "--quiet",
                    "-c",
                    "ls",
                ],
                .run(
                    Options(
                        latency: 0, statePath: "s", trace: .file("t"), historyLimit: 5, quiet: true,
                        commands: "ls"))
            ),
        ] as [([String], Options.Request)])
    func parsesTheSessionOptions(arguments: [String], request: Options.Request) throws {
        #expect(try Options.parse(arguments) == request)
    }

    @Test(
        arguments: [
            (["--state"], "option --state needs a value"),
            (["--state", ""], "--state: the path is empty"),
            (["--trace="], "--trace: the path is empty"),
            (["--replay"], "option --replay needs a value"),
            (["--replay", ""], "--replay: the path is empty"),
            (
                ["--replay", "t.jsonl", "--state", "s"],
                "--replay takes no other options; it replays the trace alone"
            ),
            (
                ["--latency", "0", "--replay", "t.jsonl"],
                "--replay takes no other options; it replays the trace alone"
            ),
            (["--history"], "option --history needs a value"),
            (
                ["--history", "-1"],
                "--history: \"-1\" is not a whole number of edits from 0 to 1000000"
            ),
            (
                ["--history", "1000001"],
                "--history: \"1000001\" is not a whole number of edits from 0 to 1000000"
            ),
            (
                ["--history", "+5"],
                "--history: \"+5\" is not a whole number of edits from 0 to 1000000"
            ),
            (
                ["--history", "99999999999999999999"],
                "--history: \"99999999999999999999\" is not a whole number of edits from 0 to 1000000"
            ),
            (["--quiet=yes"], "option --quiet takes no value"),
            (["-c"], "option -c needs a value"),
        ] as [([String], String)])
    func rejectsBadSessionOptions(arguments: [String], message: String) {
        #expect(throws: Options.Error(description: message)) { try Options.parse(arguments) }
    }

    /// Options that follow the state file `path` (`--follow`, which `Options.init` does not
    /// take).
    static func following(_ path: FileName, quiet: Bool = false, commands: String? = nil)
        -> Options
    {
        var options = Options(quiet: quiet, commands: commands)
        options.followPath = path
        return options
    }

    /// `options` with the screen view on (`--screen`, which `Options.init` does not take).
    static func onScreen(_ options: Options = Options()) -> Options {
        var options = options
        options.screen = true
        return options
    }

    /// An option that answers (`--help`, `--version`) answers whatever follows it, even an
    /// option that does not exist or one that another option refuses; options that refuse none
    /// of the others go together.
    @Test(
        arguments: [
            (["--screen"], Options.Request.run(onScreen())),
            (
                ["--screen", "--latency", "0", "--state", "s"],
                .run(onScreen(Options(latency: 0, statePath: "s")))
            ),
            (["--help", "--no-such-option"], .help),
            (["-h", "--latency"], .help),
            (["--replay", "t.jsonl", "--state", "s", "--help"], .help),
            (["--screen", "-c", "ls", "--version"], .version),
            (["--quiet", "--replay=t.jsonl"], .replay(path: "t.jsonl")),
            (["--follow", "f", "--screen"], .run(onScreen(following("f")))),
            (
                ["--quiet", "--follow=f", "-c", "ls"],
                .run(following("f", quiet: true, commands: "ls"))
            ),
        ] as [([String], Options.Request)])
    func answersAndCombinations(arguments: [String], request: Options.Request) throws {
        #expect(try Options.parse(arguments) == request)
    }

    /// What `--screen` says when it is given with an option it refuses.
    static let screenRefuses = "--screen shows the list on a terminal; it takes no -c or --quiet"
    /// What `--replay` says when it is given with an option it refuses.
    static let replayRefuses = "--replay takes no other options; it replays the trace alone"
    /// What `--follow` says when it is given with an option it refuses.
    static let followRefuses =
        "--follow shows the list another session keeps and edits nothing; it takes no "
        + "--latency, --fail, --fail-first, --catalog, --state, --history or --trace"

    /// Options that one of them refuses beside it are a usage error, whichever comes first; an
    /// option is refused for being given, even at its default value (`--latency 1`).
    @Test(
        arguments: [
            (["--screen", "-c", "ls"], screenRefuses),
            (["--quiet", "--screen"], screenRefuses),
            (["--replay", "t", "--screen"], replayRefuses),
            (["--replay", "t", "--latency", "1"], replayRefuses),
            (["--history", "1000", "--replay", "t"], replayRefuses),
            (["--trace", "--replay", "t"], replayRefuses),
            (["--replay", "t", "-c", "ls"], replayRefuses),
            // Both refuse: the list's order says which one speaks.
            (["--replay", "t", "--screen", "--quiet"], screenRefuses),
            // A follower has no state file of its own, no trace, and fetches nothing.
            (["--follow", "f", "--state", "s"], followRefuses),
            (["--trace", "--follow", "f"], followRefuses),
            (["--follow", "f", "--trace=t"], followRefuses),
            (["--follow", "f", "--catalog", "c"], followRefuses),
            (["--latency", "0", "--follow", "f"], followRefuses),
            (["--follow", "f", "--fail"], followRefuses),
            (["--follow", "f", "--fail-first", "1"], followRefuses),
            (["--follow", "f", "--history", "5"], followRefuses),
        ] as [([String], String)])
    func rejectsOptionsThatRefuseEachOther(arguments: [String], message: String) {
        #expect(throws: Options.Error(description: message)) { try Options.parse(arguments) }
    }
}

@Suite("Options: arguments are bytes")
struct OptionsBytesTests {
    private static let name: [UInt8] = Array("real".utf8) + [0xFF] + Array(".json".utf8)

    @Test(arguments: ["--catalog", "--state", "--follow", "--trace", "--replay"])
    func aFileNameKeepsItsBytes(option: String) throws {
        for arguments in [
            [Array(option.utf8), Self.name], [Array((option + "=").utf8) + Self.name],
        ] {
            let request = try Options.parse(bytes: arguments)
            let file = FileName(bytes: Self.name)
            switch option {
            case "--catalog": #expect(request == .run(Options(catalogPath: file)))
            case "--state": #expect(request == .run(Options(statePath: file)))
            case "--follow": #expect(request == .run(OptionsTests.following(file)))
            case "--trace": #expect(request == .run(Options(trace: .file(file))))
            default: #expect(request == .replay(path: file))
            }
        }
    }

    @Test(
        arguments: [
            ([Array("-c".utf8), [0x6C, 0xFF]], #"-c: "l\x{FF}" is not valid UTF-8 text"#),
            (
                [Array("--latency=1".utf8) + [0xFF]],
                #"--latency: "1\x{FF}" is not valid UTF-8 text"#
            ),
            ([[0x2D, 0x2D, 0xFE]], #"unknown option "--\x{FE}""#),
        ] as [([[UInt8]], String)])
    func textThatIsNotUTF8IsAUsageError(arguments: [[UInt8]], message: String) {
        #expect(throws: Options.Error(description: message)) {
            try Options.parse(bytes: arguments)
        }
    }
}
