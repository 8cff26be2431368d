// A state file that fails while the session runs, every way it can: a failed `fsync`, a full disk,
// a folder that cannot be written with a file in catalog form, the file replaced by another, the
// file cut or appended to by another program (the lock is advisory). Each
// way runs the same script (an edit that reaches the disk, an edit when the file fails, an edit
// after it, `list`, `save` elsewhere, `quit`) and must get the same answers: the failure said once,
// at once, with the file, the error and what the file lacks; the later edit refused (status 1 for
// it, 74 for the session); the list kept; `list` noting once that it differs from the file; `save`
// writing the list as the session holds it and saying what it holds; the state file left as it
// was on disk. A full disk is a real one (a tmpfs of two pages in a mount namespace of the test's
// own) where `unshare` allows it, else an `fsync` that says ENOSPC. Then the way out at a terminal:
// `quit` asks about the edits only in memory, and the screen view shows the failure on its message
// line and again once its screen is gone.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCLI
@testable import MoviesCore
@testable import MoviesFormats
@testable import SystemBoundary
@testable import TerminalIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("A state file that fails mid-session", .hangGuard)
struct StateFileFailureEndToEndTests {
    /// A way the state file fails.
    enum Way: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// The commit of the second edit: `fsync` says EIO (in-process, through the seam).
        case failedFsync
        /// The second edit's line finds the disk full (a real tmpfs, or an `fsync` saying so).
        case fullDisk
        /// A catalog laid out over several lines, in a folder the user may not write: no edit can
        /// be kept, and that is known at the start (the binary, run without privileges).
        case readOnlyFolderWithACatalog
        /// Another file is renamed over the state file after the first edit (the binary).
        case replacedFile
        /// Another program empties the state file after the first edit (`: > st`; the binary).
        case cutByAnother
        /// Another program appends a line of its own after the first edit (the binary).
        case appendedToByAnother

        var testDescription: String { rawValue }
    }

    /// What a session answered, and the files it left.
    struct Answers {
        var stdout: [String]
        var stderr: [String]
        var status: Int32
        /// The state file after the session.
        var stateFile: [UInt8]?
        /// The file `save` wrote.
        var saved: [UInt8]?
    }

    /// The files of one run: the state file, where `save` writes, and the state file's bytes
    /// before the session.
    struct Files {
        var state: String
        var saved: String
        var before: [UInt8]
    }

    private let alien = sampleMovies[0]
    private let heat = sampleMovies[1]
    private let jaws = sampleMovies[2]

    /// The script every way runs: line 1 reaches the disk; the file fails at line 2 (or from the
    /// start); line 3 comes after the failure.
    private static func script(saving saved: String) -> [String] {
        ["delete 1", "delete 1", "delete 1", "list", "save \(saved)", "quit"]
    }

    // MARK: - The same answers, every way

    @Test(arguments: Way.allCases)
    func everyWayOfFailingKeepsTheListRefusesEditsAndOffersSave(way: Way) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (answers, files, error) = try await run(way, in: directory)
        let state = files.state
        let rows = ["  1. Alien (1979)", "  2. Heat (1995)", "  3. Jaws (1975)"]
        let restored = rows + ["Restored 3 movies from \(state)."]
        let refused = { (line: Int) in
            "line \(line): delete: refused: the state file cannot keep edits (\(state): \(error)); "
                + "the list stays as it is: type save FILE to keep it"
        }
        let announced = { (fate: String, keep: String) in
            "movies: state file \(state): \(error); \(fate); edits are refused from now on: type "
                + "save FILE to keep the list\(keep)"
        }
        #expect(answers.status == 74, "the state file failed")
        switch way {
        case .failedFsync, .fullDisk:
            #expect(
                answers.stdout
                    == restored + [
                        "- 1. Alien (1979)", "  1. Jaws (1975)",
                        "Saved 1 movie to \(files.saved), with the last edit, which state file "
                            + "\(state) does not hold.",
                    ], "no row for the edit that is not on disk")
            #expect(
                answers.stderr == [
                    announced("the last edit is not on disk, the edits before it are", " with it"),
                    refused(3),
                    "the list differs from state file \(state) by the last edit, which is not "
                        + "on disk",
                ])
            #expect(
                answers.stateFile == files.before + StateFile.journalLine(.deleted(alien, at: 0)),
                "the file as it was on disk: the first edit, and nothing of the second")
            #expect(try savedList(answers) == [jaws])
        case .replacedFile, .cutByAnother, .appendedToByAnother:
            #expect(
                answers.stdout
                    == restored + [
                        "- 1. Alien (1979)", "  1. Jaws (1975)",
                        "Saved 1 movie to \(files.saved), which state file \(state) does not "
                            + "hold.",
                    ], "no row for the edit the file does not hold")
            let now = way == .replacedFile ? "is another file now" : "another program changed"
            #expect(
                answers.stderr == [
                    announced("this session's list is only in memory", ""), refused(3),
                    "the list is not in state file \(state), which \(now)",
                ])
            #expect(
                answers.stateFile == Self.leftByAnother(way, files),
                "what the other program left is left alone")
            #expect(try savedList(answers) == [jaws])
        case .readOnlyFolderWithACatalog:
            #expect(answers.stdout == restored + rows + ["Saved 3 movies to \(files.saved)."])
            #expect(
                answers.stderr == [
                    announced("\(state) holds the list as it is now", ""), refused(1), refused(2),
                    refused(3),
                ], "said at the start, before any edit; nothing is called lost")
            #expect(answers.stateFile == files.before)
            #expect(try savedList(answers) == sampleMovies)
        }
    }

    private func savedList(_ answers: Answers) throws -> [Movie] {
        try Catalog.decode(Data(try #require(answers.saved)), file: "saved")
    }

    // MARK: - The way out at a terminal

    @MainActor
    @Test func quitAsksAboutTheEditsOnlyInMemoryAndLeavesTheFileAsItWasOnDisk() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let files = try snapshotFiles(in: directory)
        let failing = ArmedSync(failingWith: EIO)
        let input = ControlledInput()
        let output = RecordingOutput()
        // A person at a terminal that takes no escape sequences: `quit` asks first.
        let session = Task {
            await MoviesApp.run(
                options: Options(statePath: FileName(files.state)), api: StubAPI(), input: input,
                output: output, interactive: true, sync: failing.sync)
        }
        input.type("delete 1")
        await input.untilWaiting()
        failing.arm()
        input.type("delete 1")
        await input.untilWaiting()
        // Two at once: a session that did not ask would end at the first, and never read the
        // second.
        input.type("quit", "quit")
        #expect(await session.value == .ioError)
        #expect(
            output.lines().last
                == "1 edit is not saved; type save FILE to keep it, or quit again to leave.",
            "two edits since no save, one of them in the state file: one only in memory")
        #expect(
            contents(of: files.state)
                == files.before + StateFile.journalLine(.deleted(alien, at: 0)),
            "the file as it was on disk")
    }

    @Test func theScreenViewShowsTheFailureOnItsMessageLineAndAgainAfterItsScreen() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let files = try snapshotFiles(in: directory)
        // Wide enough that the message line, cut to the window, shows the error after the name.
        let (rows, columns) = (24, 300)
        let (message, input) = (rows - 2, rows - 1)
        let app = try TerminalProcess(
            movies: ["--latency", "0", "--state", files.state, "--screen"], rows: rows,
            columns: columns)
        let state = files.state
        try await app.waitUntil("the restored list") { screen in
            screen.line(message) == "Restored 3 movies from \(state)."
                && screen.line(input) == "movies>"
        }
        app.send("delete 1\r")
        try await app.waitUntil("the first edit drawn") { screen in
            screen.line(message) == "Deleted “Alien (1979)” from 1."
                && screen.lines.contains { $0.hasSuffix("1. Heat (1995)") }
        }
        let other = directory.path("other.st")
        try write(Self.replacement, to: other)
        #expect(rename(other, state) == 0)
        app.send("delete 1\r")
        let announced = "movies: state file \(state): \(state) is no longer the file this session"
        try await app.waitUntil("the failure on the message line") { screen in
            screen.line(message).hasPrefix(announced) && screen.line(input) == "movies>"
        }
        #expect(
            app.screen.lines.contains { $0.hasSuffix("1. Heat (1995)") },
            "the row of the edit that is in no file is never drawn")
        app.send("quit\r")
        try await app.waitUntil("the question") { screen in
            screen.line(message)
                == "2 edits are not saved; type save FILE to keep them, or quit again to leave."
        }
        app.send("quit\r")
        try await app.expectExit(.exited(74))
        let after =
            "movies: state file \(state): \(state) is no longer the file this session opened (it "
            + "was moved, removed or replaced meanwhile), so nothing was written over what is "
            + "there now; this session's list is only in memory"
        #expect(
            String(decoding: app.transcript, as: UTF8.self).contains(after),
            "said again once the main screen is back")
        #expect(contents(of: state) == Self.replacement)
    }

    // MARK: - Running each way

    /// Runs the script the way `way` needs: in-process where only the seam can make the failure,
    /// through the binary otherwise; returns the answers, the files and the error's words.
    private func run(_ way: Way, in directory: TemporaryDirectory) async throws
        -> (Answers, Files, String)
    {
        switch way {
        case .failedFsync:
            let files = try snapshotFiles(in: directory)
            return (try await inProcess(files, failing: EIO), files, "Input/output error")
        case .fullDisk:
            guard Self.smallFileSystems else {
                let files = try snapshotFiles(in: directory)
                return (
                    try await inProcess(files, failing: ENOSPC), files, "No space left on device"
                )
            }
            return try await onAFullDisk(in: directory)
        case .replacedFile:
            let files = try snapshotFiles(in: directory)
            let answers = try await throughTheBinary(files) {
                let other = directory.path("other.st")
                try write(Self.replacement, to: other)
                #expect(rename(other, files.state) == 0)
            }
            let error =
                "\(files.state) is no longer the file this session opened (it was moved, removed "
                + "or replaced meanwhile), so nothing was written over what is there now"
            return (answers, files, error)
        case .cutByAnother, .appendedToByAnother:
            let files = try snapshotFiles(in: directory)
            let answers = try await throughTheBinary(files) {
                // In place, as `: > st` and `echo … >> st` do: the file keeps its identity.
                if way == .cutByAnother {
                    #expect(truncate(files.state, 0) == 0)
                } else {
                    let handle = try #require(FileHandle(forWritingAtPath: files.state))
                    defer { try? handle.close() }
                    try handle.seekToEnd()
                    try handle.write(contentsOf: Self.foreignLine)
                }
            }
            let length = Self.leftByAnother(way, files).count
            let left = files.before.count + StateFile.journalLine(.deleted(alien, at: 0)).count
            let error =
                "\(files.state) was changed by another program (it is \(length) bytes long where "
                + "this session left \(left)), so nothing more was written to it"
            return (answers, files, error)
        case .readOnlyFolderWithACatalog:
            let folder = directory.path("rodir")
            let out = directory.path("out")
            let manager = FileManager.default
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: false)
            try manager.createDirectory(atPath: out, withIntermediateDirectories: false)
            // A catalog laid out over several lines, as a person writes one.
            let pretty = Array(
                """
                [
                  {"id": 1, "title": "Alien", "year": 1979},
                  {"id": 2, "title": "Heat", "year": 1995},
                  {"id": 3, "title": "Jaws", "year": 1975}
                ]

                """.utf8)
            let files = Files(
                state: folder + "/st", saved: out + "/saved.json", before: pretty)
            try write(pretty, to: files.state)
            // The binary runs without privileges: it may write the file, and `out`, but not
            // the file's folder.
            try manager.setAttributes([.posixPermissions: 0o666], ofItemAtPath: files.state)
            try manager.setAttributes([.posixPermissions: 0o777], ofItemAtPath: out)
            try manager.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
            defer { try? manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder) }
            let answers = try await throughTheBinary(
                files, as: .unprivileged, firstEditDraws: false)
            let error =
                "a new file cannot be made in its folder (Permission denied), which the first edit "
                + "of a state file in catalog form needs"
            return (answers, files, error)
        }
    }

    /// What another program renames over the state file: a list of its own.
    private static let replacement = StateFile.snapshot([Movie(id: 7, title: "Up", year: 2009)])

    /// What another program appends to the state file: a line of 500 bytes that is no journal
    /// line.
    private static let foreignLine = Data(String(repeating: "x", count: 499).utf8 + [0x0A])

    /// What the state file holds once another program is done with it: what it renamed over it,
    /// nothing (cut), or the first edit's journal and its own line (appended).
    private static func leftByAnother(_ way: Way, _ files: Files) -> [UInt8] {
        switch way {
        case .cutByAnother: return []
        case .appendedToByAnother:
            return files.before + StateFile.journalLine(.deleted(sampleMovies[0], at: 0))
                + Array(foreignLine)
        case .failedFsync, .fullDisk, .readOnlyFolderWithACatalog, .replacedFile:
            return replacement
        }
    }

    /// A state file holding the sample's snapshot, and a place to save.
    private func snapshotFiles(in directory: TemporaryDirectory) throws -> Files {
        let files = Files(
            state: directory.path("movies.state"), saved: directory.path("saved.json"),
            before: StateFile.snapshot(sampleMovies))
        try write(files.before, to: files.state)
        return files
    }

    /// The script in-process, line by line as a person types it (each line commits before the
    /// next is read), with `fsync` failing with `code` from the second edit's commit on.
    @MainActor
    private func inProcess(_ files: Files, failing code: Int32) async throws -> Answers {
        let failing = ArmedSync(failingWith: code)
        let input = ControlledInput()
        let output = RecordingOutput()
        let session = Task {
            await MoviesApp.run(
                options: Options(statePath: FileName(files.state)), api: StubAPI(), input: input,
                output: output, interactive: false, sync: failing.sync)
        }
        let lines = Self.script(saving: files.saved)
        input.type(lines[0])
        await input.untilWaiting()
        failing.arm()
        for line in lines.dropFirst() { input.type(line) }
        let status = await session.value
        return Answers(
            stdout: output.lines(.standard), stderr: output.lines(.error),
            status: status.rawValue, stateFile: contents(of: files.state),
            saved: contents(of: files.saved))
    }

    /// The script through the binary: the first line, then (once its row is drawn, when
    /// `firstEditDraws`) `between`, then the rest at once.
    private func throughTheBinary(
        _ files: Files, as user: MoviesProcess.User = .current, launchedBy launcher: [String] = [],
        stateFileAfter: String? = nil, firstEditDraws: Bool = true,
        between: () throws -> Void = {}
    ) async throws -> Answers {
        let process = try MoviesProcess(
            ["--latency", "0", "--state", files.state], as: user, launchedBy: launcher)
        let lines = Self.script(saving: files.saved)
        process.send(lines[0] + "\n")
        if firstEditDraws {
            #expect(await process.waitForOutput(containing: "- 1. Alien (1979)"))
        }
        try between()
        process.send(lines.dropFirst().map { $0 + "\n" }.joined(), thenClose: true)
        let run = await process.waitForExit()
        return Answers(
            stdout: run.stdoutLines, stderr: run.stderrLines, status: run.status,
            stateFile: contents(of: stateFileAfter ?? files.state),
            saved: contents(of: files.saved))
    }

    // MARK: - A real full disk

    /// Whether this test may mount a tmpfs in a user and mount namespace of its own.
    static let smallFileSystems: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
            let directory = try? TemporaryDirectory()
        else { return false }
        defer { directory.remove() }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = [
            "-rm", "sh", "-c", "mount -t tmpfs -o size=8k tmpfs \"$1\"", "sh", directory.path,
        ]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    /// The script on a tmpfs of two pages: one holds the state file, the other a file that
    /// fills the disk.
    ///
    /// The state file is padded so that the first edit's line still fits its page and the
    /// second's does not: its write fails with ENOSPC, halfway.
    private func onAFullDisk(in directory: TemporaryDirectory) async throws
        -> (Answers, Files, String)
    {
        let mount = directory.path("disk")
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: false)
        let before = Self.paddedToFillAPage()
        let source = directory.path("source.st")
        try write(before, to: source)
        let files = Files(
            state: mount + "/movies.state", saved: directory.path("saved.json"), before: before)
        let after = directory.path("after.st")
        // The namespace, and the tmpfs with it, goes when the shell ends: the state file is
        // copied out first.
        let script =
            "mount -t tmpfs -o size=8k tmpfs \"$1\" && cp \"$2\" \"$1/movies.state\" && "
            + "head -c 4096 /dev/zero > \"$1/fill\" || exit 99; shift 3; \"$@\"; status=$?; "
            + "cp \"\(mount)/movies.state\" \"\(after)\"; exit $status"
        let answers = try await throughTheBinary(
            files,
            launchedBy: [
                "/usr/bin/unshare", "-rm", "sh", "-c", script, "sh", mount, source, after,
            ],
            stateFileAfter: after)
        return (answers, files, "No space left on device")
    }

    /// The sample's snapshot and journal lines that change nothing (a movie inserted and
    /// deleted again), so that the file ends a little before the end of a 4096-byte page: the
    /// journal line of deleting Alien fits there, and Heat's after it does not.
    static func paddedToFillAPage() -> [UInt8] {
        let page = 4096
        let first = StateFile.journalLine(.deleted(sampleMovies[0], at: 0)).count
        let second = StateFile.journalLine(.deleted(sampleMovies[1], at: 0)).count
        // Where the file should end: the first line fits, with a few bytes to spare that the
        // second line cannot.
        let end = page - first - (second / 2)
        var bytes = StateFile.snapshot(sampleMovies)
        let pair = { (length: Int) in
            let movie = Movie(id: 99, title: String(repeating: "x", count: length), year: 2000)
            return StateFile.journalLine(.inserted(movie, at: 3))
                + StateFile.journalLine(.deleted(movie, at: 3))
        }
        // A pair's bytes: twice its title's length, and these.
        let fixed = pair(1).count - 2
        // Titles of 400 while the rest would need one longer than a title may be (500).
        while end - bytes.count - fixed > 2 * 500 {
            bytes += pair(400)
        }
        bytes += pair((end - bytes.count - fixed) / 2)
        return bytes
    }
}
