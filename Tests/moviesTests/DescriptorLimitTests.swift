// A small limit on open files (`ulimit -n`), through the built binary: every limit from 3 to 16
// ends the start with a clear message and a documented status, or the session works; never the
// runtime's crash report, never a session whose timers never fire, never a file left behind. On
// pipes and at a terminal, each run under a shell that lowers the limit and then runs the app.

import Foundation
import MoviesTestSupport
import SystemBoundary
import Testing

@testable import MoviesCLI

@Suite("a small limit on open files", .hangGuard)
struct DescriptorLimitTests {
    /// What the refusal says for a session that needs `needed` descriptors under `ulimit -n
    /// limit`, up to the figure it names, which depends on what the process inherited.
    private static func refusal(needed: Int, limit: Int) -> String {
        "movies: this session needs \(needed) file descriptors besides its standard input, output "
            + "and error, but the limit on open files (ulimit -n \(limit)) leaves it "
    }

    /// The limit the refusal asks for: the number it ends with.
    private static func askedLimit(_ line: String) -> Int? {
        line.split(separator: " ").last.flatMap { Int($0) }
    }

    /// Below 4 the system's loader cannot open the app's libraries and says so (127); from 4 on,
    /// a limit that cannot leave what the session needs is refused with 74 and how many it needs,
    /// before any file is made; the limit it asks for then works.
    @Test(arguments: [false, true])
    func everyLimitUpTo16EndsWithAStatusAndLeavesNoFile(keepsState: Bool) async throws {
        let state = keepsState ? "--state st " : ""
        let options = Options(
            latency: 0, statePath: keepsState ? "st" : nil, commands: "list; delete 1")
        let needed = DescriptorBudget(session: options, terminal: false).needed
        for limit in 3...16 {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let run = try await ShellRun.run(
                "cd '\(directory.path)' && (exec >out; ulimit -n \(limit); exec \"$MOVIES\" "
                    + "--latency 0 \(state)-c 'list; delete 1'); echo \"status=$?\"; ls")
            let context = Comment(rawValue: "ulimit -n \(limit): \(run.stderr)")
            if limit == 3 {
                #expect(run.stdoutLines == ["status=127", "out"], context)
                #expect(run.stderr.contains("error while loading shared libraries"), context)
                continue
            }
            // 0, 1 and 2 are open, so `limit - 3` is the most that can be free.
            guard limit - 3 < needed || run.stdoutLines.first == "status=74" else {
                #expect(run.stdoutLines.first == "status=0", context)
                continue
            }
            #expect(run.stdoutLines == ["status=74", "out"], "no state file made; \(context)")
            #expect(run.stderrLines.count == 1, context)
            let line = try #require(run.stderrLines.first)
            #expect(line.hasPrefix(Self.refusal(needed: needed, limit: limit)), context)

            // The limit the message asks for is enough.
            let asked = try #require(Self.askedLimit(line), context)
            let enough = try await ShellRun.run(
                "cd '\(directory.path)' && (exec >out; ulimit -n \(asked); exec \"$MOVIES\" "
                    + "--latency 0 \(state)-c 'list; delete 1'); echo \"status=$?\"; tail -n 1 out")
            #expect(
                enough.stdoutLines == ["status=0", "- 1. The Godfather (1972)"],
                "ulimit -n \(asked): \(enough.stderr)")
        }
    }

    /// A soft limit below what the session needs is raised, when the hard limit allows it.
    @Test func aSoftLimitBelowTheNeedIsRaised() async throws {
        let run = try await ShellRun.run(
            #"ulimit -S -n 6; "$MOVIES" --latency 0 --quiet -c 'delete 1; list --json'; "#
                + #"echo "status=$?""#)
        #expect(run.stderr.isEmpty, "\(run.stderr.debugDescription)")
        #expect(run.stdoutLines.count == 2 && run.stdoutLines.last == "status=0")
    }

    /// A replay, too, counts first: the runtime's descriptors and the trace's.
    @Test func aReplayUnderASmallLimitSaysHowManyItNeeds() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let run = try await ShellRun.run(
            "cd '\(directory.path)' && \"$MOVIES\" --latency 0 --trace t.jsonl -c 'delete 1' "
                + ">/dev/null && (exec >out; ulimit -n 5; exec \"$MOVIES\" --replay t.jsonl); "
                + "echo \"status=$?\"")
        #expect(run.stdoutLines == ["status=74"])
        #expect(
            run.stderrLines.first?.hasPrefix(
                Self.refusal(needed: DescriptorBudget.replay.needed, limit: 5)) == true,
            "\(run.stderr)")
    }

    /// At a terminal, where the session needs the terminal's signal sources too: refused before
    /// raw mode is taken, so the terminal is as it was, and never a spinner that never turns.
    @Test func atATerminalEverySmallLimitIsRefusedCleanly() async throws {
        guard let binary = MoviesProcess.binary else { throw MoviesProcess.BinaryNotFound() }
        let needed = DescriptorBudget(session: Options(), terminal: true).needed
        for limit in 4...16 {
            let terminal = try TerminalProcess(
                executable: "/bin/sh",
                arguments: ["-c", "ulimit -n \(limit); exec \"$0\" --latency 0", binary.path],
                environment: [:], rows: 24, columns: 200)
            try await terminal.waitUntil("the refusal") {
                $0.lines.contains { $0.hasPrefix(Self.refusal(needed: needed, limit: limit)) }
            }
            try await terminal.expectExit(.exited(74))
        }
    }
}
