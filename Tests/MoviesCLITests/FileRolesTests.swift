// The rule that no file is two of a session's files, below the binary: which roles clash and in
// which order they are named, that standard output and standard error may share a file, that only
// regular files have a role, and what `save` learns from it. Through the binary, with real
// redirections: FilesNamedOnceTests.

import Foundation
import MoviesTestSupport
import SystemBoundary
import Testing

@testable import MoviesCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("FileRoles")
struct FileRolesTests {
    /// Two files of a test's own, and another spelling and a link of the first.
    private struct Files {
        let directory: TemporaryDirectory
        var first: String { directory.path("first") }
        var second: String { directory.path("second") }
        var spelling: String { directory.path + "/./first" }
        var link: String { directory.path("link") }

        init() throws {
            directory = try TemporaryDirectory()
            for path in [first, second] {
                #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
            }
            #expect(symlink(first, link) == 0)
        }

        func identity(_ path: String) -> FileIdentity? {
            FileIdentity(regularFileAt: FileName(path))
        }
    }

    @Test func twoRolesOnOneFileClashTheLaterNamedFirstWhateverTheName() throws {
        let files = try Files()
        defer { files.directory.remove() }
        for name in [files.first, files.spelling, files.link] {
            var roles = FileRoles()
            roles.add(.standardInput, files.identity(files.first))
            roles.add(.catalog(FileName(files.second)), files.identity(files.second))
            roles.add(.trace(FileName(name)), files.identity(name))
            let clash = try #require(roles.clash)
            #expect(clash.role == .trace(FileName(name)))
            #expect(clash.earlier == .standardInput)
            #expect(
                FileRoles.refusal(clash)
                    == "movies: --trace \(name) is this session's standard input; a trace starts "
                    + "by emptying its file, so choose another\n")
        }
    }

    @Test func standardOutputAndErrorMayShareAFileAndNothingElseMay() throws {
        let files = try Files()
        defer { files.directory.remove() }
        let file = files.identity(files.first)
        var shared = FileRoles()
        shared.add(.standardOutput, file)
        shared.add(.standardError, file)
        #expect(shared.clash == nil, "2>&1 is one log, written in order")

        let others: [FileRoles.Role] = [
            .standardInput, .catalog("c"), .stateFile("s"), .trace("t"), .replayed("r"),
        ]
        for role in others {
            for stream in [FileRoles.Role.standardOutput, .standardError] {
                var roles = FileRoles()
                roles.add(stream, file)
                roles.add(role, file)
                #expect(roles.clash?.role == role, "\(role) on \(stream)")
            }
        }
        var state = FileRoles()
        state.add(.stateFile("s"), file)
        state.add(.standardOutput, file)
        state.add(.stateFile("s"), files.identity(files.second))
        #expect(state.clash?.role == .standardOutput)
        #expect(state.clash?.earlier == .stateFile("s"))
    }

    /// Standard error is taken when its file has another role than standard output: a refusal
    /// said there would be written into that file.
    @Test func standardErrorIsTakenWhenItsFileIsAnotherOfTheSessionsFiles() throws {
        let files = try Files()
        defer { files.directory.remove() }
        let (first, second) = (files.identity(files.first), files.identity(files.second))
        var log = FileRoles()
        log.add(.standardOutput, first)
        log.add(.standardError, first)
        log.add(.stateFile("s"), second)
        #expect(!log.standardErrorIsTaken, "2>&1 into a log of its own")
        let others: [FileRoles.Role] = [
            .standardInput, .catalog("c"), .stateFile("s"), .trace("t"), .replayed("r"),
            .followed("f"),
        ]
        for role in others {
            var roles = FileRoles()
            roles.add(.standardError, first)
            roles.add(.standardOutput, second)
            roles.add(role, files.identity(files.link))
            #expect(roles.standardErrorIsTaken, "\(role)")
        }
        var elsewhere = FileRoles()
        elsewhere.add(.standardError, second)
        elsewhere.add(.stateFile("s"), first)
        elsewhere.add(.trace("t"), first)
        #expect(elsewhere.clash != nil && !elsewhere.standardErrorIsTaken)
    }

    @Test func onlyARegularFileHasARole() throws {
        let files = try Files()
        defer { files.directory.remove() }
        let fifo = files.directory.path("fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        for path in [fifo, files.directory.path, "/dev/null", files.directory.path("missing")] {
            #expect(files.identity(path) == nil, "\(path)")
        }
        // A pipe carries a stream: the same pipe on two descriptors is no clash.
        let ends = try SystemCall.makePipe()
        defer { for end in [ends.read, ends.write] { close(end) } }
        #expect(FileIdentity(regularFileOpenAs: ends.write) == nil)
        let descriptor = open(files.first, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        #expect(FileIdentity(regularFileOpenAs: descriptor) == files.identity(files.first))
    }

    @Test func theRefusalNamesBothAndSaysWhy() {
        let cases: [((FileRoles.Role, FileRoles.Role), String)] = [
            (
                (.stateFile("st"), .standardOutput),
                "movies: --state st is this session's standard output; one file cannot be two of "
                    + "a session's files, so choose another"
            ),
            (
                (.trace("/dev/stderr"), .standardError),
                "movies: --trace /dev/stderr is this session's standard error; a trace starts by "
                    + "emptying its file; --trace without a FILE writes to standard error"
            ),
            (
                (.trace("c.json"), .catalog("c.json")),
                "movies: --trace c.json is the catalog; a trace starts by emptying its file, so "
                    + "choose another"
            ),
            (
                (.replayed("t"), .standardOutput),
                "movies: --replay t is this session's standard output; one file cannot be two of a "
                    + "session's files, so choose another"
            ),
            (
                (.standardOutput, .standardInput),
                "movies: standard output is this session's standard input; one file cannot be two "
                    + "of a session's files, so choose another"
            ),
        ]
        for ((role, earlier), message) in cases {
            #expect(FileRoles.refusal((role, earlier)) == message + "\n")
        }
    }

    @Test func aNameReachesTheFirstRoleOfItsFile() throws {
        let files = try Files()
        defer { files.directory.remove() }
        var roles = FileRoles()
        roles.add(.trace("t"), files.identity(files.first))
        roles.add(.standardError, files.identity(files.first))
        roles.add(.stateFile("s"), files.identity(files.second))
        #expect(roles.role(reachedBy: FileName(files.link)) == .trace("t"))
        #expect(roles.role(reachedBy: FileName(files.spelling)) == .trace("t"))
        #expect(roles.role(reachedBy: FileName(files.second)) == .stateFile("s"))
        #expect(roles.role(reachedBy: FileName(files.directory.path("missing"))) == nil)
    }

    @Test func aStartNamesItsStreamsOnlyWhenItReadsThem() throws {
        let files = try Files()
        defer { files.directory.remove() }
        // The files the options name, in the order a clash names them.
        let options = Options(
            catalogPath: FileName(files.first), statePath: FileName(files.second),
            trace: .file(FileName(files.link)), commands: "list")
        let clash = try #require(FileRoles.atStart(of: options).clash)
        #expect(clash.role == .trace(FileName(files.link)))
        #expect(clash.earlier == .catalog(FileName(files.first)))
        // A state file that is not there yet is named by its identity once it is open.
        let new = Options(
            statePath: FileName(files.directory.path("new")),
            trace: .file(FileName(files.second)), commands: "list")
        #expect(FileRoles.atStart(of: new).clash == nil)
        let opened = FileRoles.atStart(of: new, stateFile: files.identity(files.second))
        #expect(opened.clash?.role == .trace(FileName(files.second)))
    }
}
