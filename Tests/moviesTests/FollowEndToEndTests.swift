// `--follow FILE` through the built binary, two real processes: the follower draws the very rows
// the owner draws, undo, redo and a refresh included; edits typed in the follower are refused with
// status 1 and the file is left alone; a file that cannot be followed is refused at the start with
// status 2 (a FIFO without blocking), and `--follow` with `--state` or `--trace` is a usage error;
// the follower outlives its owners, says once that the file went and takes it up again; and the
// owner killed with SIGKILL at 100 seeded moments never makes the follower show anything but the
// complete lines of the file.

import Foundation
import MoviesTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("--follow, end to end", .hangGuard)
struct FollowEndToEndTests {
    /// The rows a line view draws for edits (`+ `, `- `, `↕ `, `~ `), in order, from complete
    /// lines.
    static func editRows(_ output: String) -> [String] {
        output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            .filter {
                $0.hasPrefix("+ ") || $0.hasPrefix("- ") || $0.hasPrefix("↕ ")
                    || $0.hasPrefix("~ ")
            }
    }

    /// A state file called `movies.state` in `directory` holding the bundled catalog, as a
    /// snapshot; its path and the list.
    static func stateFile(in directory: TemporaryDirectory) async throws -> (
        String, [CatalogMovie]
    ) {
        let catalog = try await CrashSafetyTests.bundledCatalog()
        let path = directory.path("movies.state")
        try Data(try JSONEncoder().encode(catalog) + [0x0A]).write(to: URL(fileURLWithPath: path))
        return (path, catalog)
    }

    /// Asks `follower` for its list (`list --json`) until it is `expected` or `limit` passes;
    /// the last list it printed.
    static func list(
        of follower: MoviesProcess, becoming expected: [CatalogMovie],
        within limit: Duration = .seconds(60)
    ) async -> [CatalogMovie]? {
        let deadline = ContinuousClock.now + limit
        var last: [CatalogMovie]?
        repeat {
            let asked = jsonLines(follower.outputSoFar).count
            follower.send("list --json\n")
            guard await follower.waitForOutput(where: { jsonLines($0).count > asked }),
                let json = jsonLines(follower.outputSoFar).last
            else { return last }
            last = try? JSONDecoder().decode([CatalogMovie].self, from: Data(json.utf8))
            if last == expected { return last }
            try? await Task.sleep(for: .milliseconds(20))
        } while ContinuousClock.now < deadline
        return last
    }

    private static func jsonLines(_ output: String) -> [Substring] {
        output.split(separator: "\n").filter { $0.hasPrefix("[") }
    }

    // MARK: - Two processes

    /// The owner's edits, one at a time, as a person makes them: after each, the follower has
    /// drawn the owner's row for it (a refresh: the list, whole).
    @Test func theFollowerDrawsTheOwnersRowsAcrossTwoProcesses() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (state, _) = try await Self.stateFile(in: directory)
        let follower = try MoviesProcess(["--follow", state])
        #expect(await follower.waitForOutput(containing: "Following 30 movies in "))

        let owner = try MoviesProcess(["--latency", "0", "--state", state])
        #expect(await owner.waitForOutput(containing: "Restored 30 movies"))
        let lines = [
            "delete 3", "move 7 1", "insert \"Blade Runner 2049\" 2017 2",
            "rename 2 Blade Runner: 2049", "undo", "redo", "move 5 5", "refresh", "delete 1",
            "undo",
        ]
        /// What the owner has answered so far: its edit rows, and its edits that changed nothing.
        func answers(_ output: String) -> Int {
            Self.editRows(output).count + output.components(separatedBy: "nothing changed").count
        }
        for line in lines {
            let answered = answers(owner.outputSoFar)
            owner.send(line + "\n")
            if line == "refresh" {
                // The list, drawn whole a second time (the first was at the start).
                #expect(
                    await follower.waitForOutput {
                        $0.components(separatedBy: "  30. Parasite (2019)\n").count == 3
                    }, "the refreshed list")
                continue
            }
            _ = await owner.waitForOutput { answers($0) > answered }
            let drawn = Self.editRows(owner.outputSoFar)
            #expect(
                await follower.waitForOutput { Self.editRows($0) == drawn },
                "the follower draws the row of \(line)")
        }
        owner.closeInput()
        let ownerRun = await owner.waitForExit()
        #expect(ownerRun.status == 0)
        #expect(ownerRun.stderr.isEmpty)
        let rows = Self.editRows(ownerRun.stdout)
        #expect(rows.count == 8, "\(ownerRun.stdout)")
        let restored = try await CrashSafetyTests.restore(state)
        #expect(restored.problems.isEmpty)
        #expect(await Self.list(of: follower, becoming: restored.list) == restored.list)
        follower.closeInput()
        let run = await follower.waitForExit()
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(Self.editRows(run.stdout) == rows, "the owner's rows, in order, each once")
    }

    @Test func editsTypedInTheFollowerAreRefusedNamingTheFileAndTheStatusIs1() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (state, _) = try await Self.stateFile(in: directory)
        let before = FileManager.default.contents(atPath: state)
        let run = try await MoviesProcess.run(
            ["--follow", "movies.state"],
            input: "delete 1\nrefresh\nundo\nfind godfather\nsave movies.state\nhelp quit\nquit\n",
            directory: directory.url)
        #expect(run.status == 1)
        let refusal =
            "refused: following movies.state read-only; edit in the session that owns it"
        #expect(
            run.stderrLines == [
                "line 1: delete: \(refusal)", "line 2: refresh: \(refusal)",
                "line 3: undo: \(refusal)",
                "line 5: save: movies.state is the state file this session follows; only the "
                    + "session that owns it writes it",
            ])
        #expect(run.stdoutLines.contains("   1. The Godfather (1972)"))
        #expect(run.stdoutLines.contains("1 of 30 movies matches “godfather”"))
        #expect(FileManager.default.contents(atPath: state) == before, "the file is untouched")
        #expect(directory.entries() == ["movies.state"])
    }

    /// None of these blocks: a FIFO is refused without waiting for a writer.
    @Test(arguments: ["missing", "directory", "fifo", "not a state file"])
    func aFileThatCannotBeFollowedIsRefusedAtTheStartWithStatus2(what: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("movies.state")
        let reason: String
        switch what {
        case "missing":
            reason = "No such file or directory"
        case "directory":
            #expect(mkdir(path, 0o755) == 0)
            reason = "is a directory, not a regular file"
        case "fifo":
            #expect(mkfifo(path, 0o644) == 0)
            reason = "is a named pipe (FIFO), not a regular file"
        default:
            try Data("{\"movies\": []}\n".utf8).write(to: URL(fileURLWithPath: path))
            reason = "is not a list of movies: the top level: expected an array of movies"
        }
        let process = try MoviesProcess(["--follow", path])
        let run = try #require(await process.waitForExit(within: .seconds(30)), "it blocked")
        #expect(run.status == 2)
        #expect(run.stderrLines == ["movies: cannot follow \(path): \(reason)"])
        #expect(run.stdout.isEmpty)
    }

    @Test(arguments: [["--state", "other.state"], ["--trace"], ["--trace=t.jsonl"]])
    func followWithAStateFileOrATraceIsAUsageError(others: [String]) async throws {
        let run = try await MoviesProcess.run(["--follow", "movies.state"] + others)
        // Joined outside `#expect`: a sum of literals inside it takes the type checker a second.
        let message: String =
            "movies: --follow shows the list another session keeps and edits nothing; it "
            + "takes no --latency, --fail, --fail-first, --catalog, --state, --history or --trace"
        #expect(run.status == 64)
        #expect(run.stderrLines.first == message)
    }

    /// One follower through the file's whole life: an owner that ends, a new one, the file
    /// removed (said once), and a new owner that creates it again (taken up again).
    @Test func theFollowerOutlivesItsOwnersAndSaysOnceWhenTheFileGoes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (state, catalog) = try await Self.stateFile(in: directory)
        let follower = try MoviesProcess(["--follow", state])
        #expect(await follower.waitForOutput(containing: "Following 30 movies in "))

        let first = try await MoviesProcess.run(["--state", state], input: "delete 1\n")
        #expect(first.status == 0)
        #expect(await follower.waitForOutput(containing: "- 1. The Godfather (1972)\n"))
        let second = try await MoviesProcess.run(["--state", state], input: "delete 1\n")
        #expect(second.status == 0)
        #expect(await follower.waitForOutput(containing: "- 1. Casablanca (1942)\n"))

        #expect(unlink(state) == 0)
        // The owner that comes next fetches a catalog of its own: the file's first list.
        let small = Array(catalog.prefix(2))
        let catalogPath = try directory.writeCatalog(small)
        let third = try MoviesProcess(
            ["--latency", "0", "--catalog", catalogPath, "--state", state])
        #expect(await third.waitForOutput(containing: "Loaded 2 movies."))
        third.closeInput()
        #expect(await third.waitForExit().status == 0)
        #expect(await Self.list(of: follower, becoming: small) == small)
        follower.closeInput()
        let run = await follower.waitForExit()
        #expect(run.status == 0)
        #expect(
            run.stderrLines == [
                "movies: stopped following \(state): No such file or directory; the list shown is "
                    + "the last it held",
                "movies: following \(state) again",
            ])
    }

    /// A descriptor's name (`/proc/self/fd/7`) is followed under the name of the file it leads
    /// to, through the owner's folds, which put new files there, and `save` refuses the file at
    /// that name; one that leads to a file whose name was removed is refused at the start.
    @Test func aDescriptorsNameIsFollowedUnderItsFilesNameOrRefusedForHavingNone() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (state, _) = try await Self.stateFile(in: directory)
        let follower = try MoviesProcess(
            ["--follow", "/proc/self/fd/7"],
            launchedBy: ["/bin/sh", "-c", #"exec "$0" "$@" 7<'"# + state + "'"])
        #expect(await follower.waitForOutput(containing: "Following 30 movies in /proc/self/fd/7"))
        // A refresh (a fold: a new file), edits on it, and the closing fold (another).
        let owner = try await MoviesProcess.run(
            ["--latency", "0", "--state", state], input: "refresh\ndelete 1\ndelete 1\n")
        #expect(owner.status == 0)
        let restored = try await CrashSafetyTests.restore(state)
        #expect(restored.list.count == 28)
        #expect(await Self.list(of: follower, becoming: restored.list) == restored.list)
        // The file at that name now is the one followed: `save` refuses it.
        let before = contents(of: state)
        follower.send("save \(state)\n")
        follower.closeInput()
        let run = await follower.waitForExit()
        #expect(run.status == 1)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.contains(": save: /"))
        #expect(
            run.stderr.hasSuffix(
                " is the state file this session follows; only the session that owns it writes it\n"
            ))
        #expect(contents(of: state) == before)

        let removed = try await ShellRun.run(
            #"cd "$DIR" && cp movies.state gone && exec 8<gone && rm gone && "#
                + #""$MOVIES" --follow /proc/self/fd/8"#,
            environment: ["DIR": directory.path])
        #expect(removed.status == 2)
        #expect(
            removed.stderrLines == [
                "movies: cannot follow /proc/self/fd/8: leads to a file whose name was removed; a "
                    + "follower finds the owner's next file under the file's name, so it needs one"
            ])
    }

    // MARK: - Kills

    /// How many times the owner is killed: 100, in `lanes` files followed side by side.
    static let kills = 100
    static let lanes = 4

    /// The owner killed with SIGKILL at 100 seeded moments never shows the follower a line it
    /// did not finish.
    ///
    /// Kills come after a delay from its start, after a number of rows drawn, or at the end of
    /// its input (its closing fold). After each kill, and a fresh owner that restores the file,
    /// the follower shows exactly the list the file holds, and it never says it lost the file.
    /// Every tenth kill also leaves half a line at the end of the file, as a kill between two
    /// writes of one line would: never shown, never taken for damage.
    @Test(.timeLimit(.minutes(5)))
    func theOwnerKilledAtSeededMomentsNeverShowsTheFollowerAnIncompleteLine() async throws {
        let catalog = try await CrashSafetyTests.bundledCatalog()
        var problems: [String] = []
        var killedMidSession = 0
        try await withThrowingTaskGroup(of: (problems: [String], killed: Int).self) { group in
            for lane in 0..<Self.lanes {
                group.addTask {
                    try await Self.lane(lane, kills: Self.kills / Self.lanes, catalog: catalog)
                }
            }
            for try await outcome in group {
                problems += outcome.problems
                killedMidSession += outcome.killed
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(killedMidSession > Self.kills / 4, "kills land while the owner runs")
    }

    /// One file, one follower, `kills` owners killed one after another.
    static func lane(_ lane: Int, kills: Int, catalog: [CatalogMovie]) async throws -> (
        problems: [String], killed: Int
    ) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.path("movies.state")
        try Data(try JSONEncoder().encode(catalog) + [0x0A]).write(to: URL(fileURLWithPath: state))
        let follower = try MoviesProcess(["--follow", state])
        var problems: [String] = []
        var killed = 0
        var list = catalog
        for kill in 0..<kills {
            let seed = UInt64(lane * 1_000 + kill)
            var random = SeededGenerator(seed: seed)
            let script = EditScript(
                seed: seed, length: Int.random(in: 4...12, using: &random), startingFrom: list)
            let owner = try MoviesProcess(["--latency", "0", "--state", state])
            let lines = script.input.split(separator: "\n").map { String($0) + "\n" }
            let pause = UInt32.random(in: 500...3_000, using: &random)
            owner.send(pieces: lines, pause: { pause }, thenClose: true)
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                try await Task.sleep(for: .milliseconds(Int.random(in: 0..<40, using: &random)))
            case 1:
                let rows = Int.random(in: 0...script.acceptedCount, using: &random)
                _ = await owner.waitForOutput { editRows($0).count >= rows }
            default:
                _ = await owner.waitForOutput { editRows($0).count >= script.acceptedCount }
            }
            owner.kill()
            let run = await owner.waitForExit()
            if run.signalled { killed += 1 }
            if kill % 10 == 9 {
                // Half a line, as a kill between the two writes of one line leaves it.
                let torn = Data(#"{"deleted":{"at":0,"movie":{"id":1,"#.utf8)
                let handle = try #require(FileHandle(forWritingAtPath: state))
                try handle.seekToEnd()
                try handle.write(contentsOf: torn)
                try handle.close()
            }
            // A fresh owner restores what the file holds (cutting a torn line off) and folds it.
            let restored = try await CrashSafetyTests.restore(state)
            problems += restored.problems.map { "lane \(lane) kill \(kill): \($0)" }
            list = restored.list
            let shown = await Self.list(of: follower, becoming: list)
            if shown != list {
                problems.append(
                    "lane \(lane) kill \(kill) (seed \(seed)): the follower shows "
                        + "\(shown.map { "\($0.count) movies" } ?? "nothing"), the file holds "
                        + "\(list.count)")
                break
            }
        }
        follower.closeInput()
        let run = await follower.waitForExit()
        if run.status != 0 { problems.append("lane \(lane): the follower exited \(run.status)") }
        if !run.stderr.isEmpty { problems.append("lane \(lane): the follower said \(run.stderr)") }
        return (problems, killed)
    }
}
