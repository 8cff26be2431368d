// No file is two of a session's files, through the built binary and a real shell's redirections:
// a trace onto the script being read, a state file or a trace onto the session's own output,
// whatever the name (a link, `/dev/stdin`, `/proc/self/fd/N`), is refused at start with 64 and the
// file is left as it was, even when standard error is the file (the refusal then goes to the
// controlling terminal, or nowhere); streams that meet on one file or pipe (`2>&1`, a terminal, a
// pipe) are not refused. The rule itself, below the binary: FileRolesTests.

import Foundation
import MoviesTestSupport
import Testing

@Suite("no file is two of a session's files, end to end", .hangGuard)
struct FilesNamedOnceTests {
    /// Runs `script` in a new folder holding a two-movie `catalog.json` and `cmds.txt` (`list`,
    /// `delete 1`), with a copy of it in `keep.txt`.
    private func run(_ script: String) async throws -> MoviesRun {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = #"[{"id":1,"title":"Alien","year":1979},{"id":2,"title":"Heat","year":1995}]"#
        _ = try directory.write(Data(catalog.utf8))
        _ = try directory.write(Data("list\ndelete 1\n".utf8), name: "cmds.txt")
        _ = try directory.write(Data("list\ndelete 1\n".utf8), name: "keep.txt")
        return try await ShellRun.run("cd '\(directory.path)' && " + script)
    }

    /// A start that puts two of the session's files on one, and the line it is refused with.
    struct Clash: Sendable, CustomTestStringConvertible {
        /// The options and redirections after `"$MOVIES" --latency 0` (after `"$MOVIES"` alone
        /// for `--follow`, which takes no `--latency`).
        var invocation: String
        var message: String
        /// Whether standard error is one of the clashing files: the refusal is then not written
        /// there, and without a controlling terminal it is said nowhere.
        var standardErrorIsTheFile = false
        var testDescription: String { invocation }
    }

    private static let emptiedTrace = "a trace starts by emptying its file, so choose another"
    private static let twoFiles = "one file cannot be two of a session's files, so choose another"

    static let clashes: [Clash] = [
        Clash(
            invocation: "--trace cmds.txt < cmds.txt 2>err.txt",
            message: "--trace cmds.txt is this session's standard input; \(emptiedTrace)"),
        Clash(
            invocation: "--trace link < cmds.txt 2>err.txt",
            message: "--trace link is this session's standard input; \(emptiedTrace)"),
        Clash(
            invocation: "--trace /dev/stdin < cmds.txt 2>err.txt",
            message: "--trace /dev/stdin is this session's standard input; \(emptiedTrace)"),
        Clash(
            invocation: "--trace /proc/self/fd/0 < cmds.txt 2>err.txt",
            message: "--trace /proc/self/fd/0 is this session's standard input; \(emptiedTrace)"),
        Clash(
            invocation: "--state cmds.txt -c 'delete 1' >> cmds.txt 2>err.txt",
            message: "--state cmds.txt is this session's standard output; \(twoFiles)"),
        Clash(
            invocation: "--state link -c 'delete 1' 2>> cmds.txt >err.txt",
            message: "--state link is this session's standard error; \(twoFiles)",
            standardErrorIsTheFile: true),
        Clash(
            invocation: "--state /dev/stdout -c 'delete 1' >> cmds.txt 2>err.txt",
            message: "--state /dev/stdout is this session's standard output; \(twoFiles)"),
        Clash(
            invocation: "--trace cmds.txt -c 'delete 1' >> cmds.txt 2>err.txt",
            message: "--trace cmds.txt is this session's standard output; \(emptiedTrace)"),
        Clash(
            invocation: "--trace /dev/stdout -c list >> cmds.txt 2>err.txt",
            message: "--trace /dev/stdout is this session's standard output; \(emptiedTrace)"),
        Clash(
            invocation: "--trace /dev/stderr -c list 2>> cmds.txt >err.txt",
            message: "--trace /dev/stderr is this session's standard error; a trace starts by "
                + "emptying its file; --trace without a FILE writes to standard error",
            standardErrorIsTheFile: true),
        Clash(
            invocation: "--catalog cmds.txt -c list >> cmds.txt 2>err.txt",
            message: "--catalog cmds.txt is this session's standard output; \(twoFiles)"),
        Clash(
            invocation: "--catalog link < cmds.txt 2>err.txt",
            message: "--catalog link is this session's standard input; \(twoFiles)"),
        Clash(
            invocation: "--follow cmds.txt -c list >> cmds.txt 2>err.txt",
            message: "--follow cmds.txt is this session's standard output; \(twoFiles)"),
        Clash(
            invocation: "--follow link < cmds.txt 2>err.txt",
            message: "--follow link is this session's standard input; \(twoFiles)"),
        Clash(
            invocation: "< cmds.txt >> cmds.txt 2>err.txt",
            message: "standard output is this session's standard input; \(twoFiles)"),
        Clash(
            invocation: "--state cmds.txt -c list 2>> cmds.txt >err.txt",
            message: "--state cmds.txt is this session's standard error; \(twoFiles)",
            standardErrorIsTheFile: true),
        Clash(
            invocation: "--state cmds.txt -c list 2>err.txt >> cmds.txt 2>&1",
            message: "--state cmds.txt is this session's standard output; \(twoFiles)",
            standardErrorIsTheFile: true),
        Clash(
            invocation: "--follow cmds.txt -c list 2>> cmds.txt >err.txt",
            message: "--follow cmds.txt is this session's standard error; \(twoFiles)",
            standardErrorIsTheFile: true),
        Clash(
            invocation: "--catalog cmds.txt -c list 2>> cmds.txt >err.txt",
            message: "--catalog cmds.txt is this session's standard error; \(twoFiles)",
            standardErrorIsTheFile: true),
        Clash(
            invocation: "< cmds.txt 2>> cmds.txt >err.txt",
            message: "standard error is this session's standard input; \(twoFiles)",
            standardErrorIsTheFile: true),
        Clash(
            invocation: "--screen --state cmds.txt 2>> cmds.txt >err.txt",
            message: "--state cmds.txt is this session's standard error; \(twoFiles)",
            standardErrorIsTheFile: true),
    ]

    /// Refused with 64 before anything is opened or written, and no other file made.
    ///
    /// The file is as it was, even when it is standard error: the refusal is said on stderr only
    /// when stderr is no session's file. Run in a session of its own (`setsid`), without a
    /// controlling terminal, where a refusal that may not go to stderr is said nowhere.
    @Test(arguments: clashes)
    func aStartThatNamesOneFileTwiceIsRefusedAndTheFileKept(_ clash: Clash) async throws {
        let run = try await run(
            #"ln -s cmds.txt link; setsid -w "$MOVIES" "#
                + (clash.invocation.hasPrefix("--follow") ? "" : "--latency 0 ") + clash.invocation
                + #"; echo "status=$?"; cat err.txt; tail -n +3 cmds.txt; "#
                + #"cmp -s cmds.txt keep.txt && echo kept; ls"#)
        let said: [String] = clash.standardErrorIsTheFile ? [] : ["movies: " + clash.message]
        let expected: [String] =
            ["status=64"] + said + [
                "kept", "catalog.json", "cmds.txt", "err.txt", "keep.txt", "link",
            ]
        #expect(run.stdoutLines == expected)
        #expect(run.stderr.isEmpty, "\(run.stderr.debugDescription)")
    }

    /// With a controlling terminal, a refusal that may not go to standard error is said there,
    /// and the file is still as it was.
    @Test func aRefusalThatMayNotGoToStandardErrorIsSaidOnTheTerminal() async throws {
        guard let binary = MoviesProcess.binary else { throw MoviesProcess.BinaryNotFound() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = #"[{"id":1,"title":"Alien","year":1979}]"#
        _ = try directory.write(Data(catalog.utf8), name: "st")
        let shell = try TerminalProcess(
            executable: "/bin/sh",
            arguments: [
                "-c",
                #"cd "$DIR" && cp st keep && "$MOVIES" --latency 0 --state st -c list 2>> st; "#
                    + #"echo "status=$?"; cmp -s st keep && echo kept"#,
            ],
            environment: ["MOVIES": binary.path, "DIR": directory.path], rows: 8, columns: 160)
        #expect(try await shell.waitForExit() == .exited(0))
        #expect(
            shell.screen.lines.filter { !$0.isEmpty } == [
                "movies: --state st is this session's standard error; \(Self.twoFiles)",
                "status=64", "kept",
            ])
    }

    /// Streams may meet: standard output and error in one log (`2>&1`), a trace written to
    /// standard output when that is a pipe, a trace on standard error with standard error in a
    /// file; and standard input is not the session's when `-c` gives the commands.
    @Test func streamsThatShareAFileOrAPipeAreNotRefused() async throws {
        let run = try await run(
            #""$MOVIES" --latency 0 --quiet --trace -c 'delete 1; bogus' > log 2>&1; "#
                + #"echo "log=$?"; grep -c '^{' log; "#
                + #""$MOVIES" --latency 0 --quiet --trace /dev/stdout -c 'delete 1' | grep -c '^{'; "#
                + #""$MOVIES" --latency 0 --quiet --trace -c 'delete 1' 2>t.jsonl; "#
                + #"echo "stderr=$?"; "$MOVIES" --replay t.jsonl; "#
                + #""$MOVIES" --latency 0 --quiet --catalog catalog.json --trace cmds.txt -c list "#
                + #"< cmds.txt; "#
                + #"echo "unread=$?""#)
        #expect(
            run.stdoutLines == [
                "log=1", "4", "4", "stderr=0",
                "Replayed 3 actions from t.jsonl: every one matched; the list ends with 29 movies.",
                "  1. Alien (1979)", "  2. Heat (1995)", "unread=0",
            ])
        #expect(run.stderr.isEmpty, "\(run.stderr.debugDescription)")
    }

    /// A replay reads its trace while its output is written: the trace may not be its output,
    /// nor its standard error (which then hears nothing of the refusal).
    @Test func aReplayOntoItsOwnOutputIsRefused() async throws {
        let run = try await run(
            #""$MOVIES" --latency 0 --quiet --trace t.jsonl -c 'delete 1'; cp t.jsonl kept; "#
                + #""$MOVIES" --replay t.jsonl >> t.jsonl; echo "status=$?"; "#
                + #"cmp -s t.jsonl kept && echo kept; "#
                + #"setsid -w "$MOVIES" --replay t.jsonl 2>> t.jsonl; echo "status=$?"; "#
                + #"cmp -s t.jsonl kept && echo kept"#)
        #expect(run.stdoutLines == ["status=64", "kept", "status=64", "kept"])
        #expect(
            run.stderrLines == [
                "movies: --replay t.jsonl is this session's standard output; \(Self.twoFiles)"
            ])
    }

    /// A state file the start creates has no identity before it is there: once it is open, a
    /// trace that names it too is refused as the state file, and the new file goes again.
    @Test func aStateFileTheStartCreatesIsNoTraceEither() async throws {
        let run = try await run(
            #""$MOVIES" --latency 0 --state new.st --trace ./new.st -c list; echo "status=$?"; ls"#)
        #expect(
            run.stdoutLines == ["status=64", "catalog.json", "cmds.txt", "keep.txt"],
            "no new file left")
        #expect(
            run.stderrLines == [
                "movies: --trace ./new.st is the state file; \(Self.emptiedTrace)"
            ])
    }

    /// `save` asks the same rule: the file the commands come from is not replaced by a list.
    @Test func saveRefusesTheFileItReadsItsCommandsFrom() async throws {
        let run = try await run(
            #"printf 'save script.txt\n' > script.txt; cp script.txt kept.txt; "#
                + #""$MOVIES" --latency 0 --quiet < script.txt; echo "status=$?"; "#
                + #"cmp -s script.txt kept.txt && echo kept"#)
        #expect(run.stdoutLines == ["status=1", "kept"])
        #expect(
            run.stderrLines == [
                "line 1: save: script.txt is this session's standard input; saving over it would "
                    + "replace the commands it reads"
            ])
    }
}
