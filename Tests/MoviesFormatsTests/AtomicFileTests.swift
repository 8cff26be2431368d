// Replacing a file whole: the new bytes in place, a symbolic link kept, and on any failure the old
// file as it was with no temporary file left beside it.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesFormats
@testable import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("AtomicFile")
struct AtomicFileTests {
    @Test func replaceWritesTheNewBytesInPlaceOfTheOld() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("list.json")
        try write(Array("old contents, longer than the new\n".utf8), to: path)
        try AtomicFile.replace(FileName(path), with: Array("new\n".utf8))
        #expect(contents(of: path) == Array("new\n".utf8))
        #expect(directory.entries() == ["list.json"], "no temporary file is left")
    }

    @Test func replaceCreatesAFileThatWasNotThere() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("new.json")
        try AtomicFile.replace(FileName(path), with: Array("[]\n".utf8))
        #expect(contents(of: path) == Array("[]\n".utf8))
        #expect(directory.entries() == ["new.json"])
    }

    @Test func aSymbolicLinkIsKeptAndItsTargetReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(
            atPath: directory.path("data"), withIntermediateDirectories: false)
        let target = directory.path("data/list.json")
        try write(Array("old\n".utf8), to: target)
        let link = directory.path("link.json")
        // A relative link, resolved against the link's own folder.
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: "data/list.json")
        try AtomicFile.replace(FileName(link), with: Array("new\n".utf8))
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: link) == "data/list.json")
        #expect(contents(of: target) == Array("new\n".utf8))
        #expect(directory.entries() == ["data", "link.json"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path("data")) == [
                "list.json"
            ])
    }

    @Test func aLinkPlantedUnderTheTemporaryNameIsNotFollowed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("list.json")
        let victim = directory.path("victim.txt")
        try write(Array("keep me\n".utf8), to: victim)
        // The name this process's temporary file gets, taken first by a link to another file.
        #expect(symlink(victim, directory.path(".list.json.\(getpid()).tmp")) == 0)
        try AtomicFile.replace(FileName(path), with: Array("new\n".utf8))
        #expect(contents(of: victim) == Array("keep me\n".utf8))
        #expect(contents(of: path) == Array("new\n".utf8))
        var status = stat()
        #expect(
            lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG, "a file, not a link")
        #expect(directory.entries() == ["list.json", "victim.txt"])
    }

    @Test func theTemporaryFileIsCreatedNewEvenWhenALinkTakesItsNameFirst() throws {
        // `replace` removes leftovers of its own name before it creates the file; this is the
        // creation alone, as when a link is planted between the two.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let victim = directory.path("victim.txt")
        try write(Array("keep me\n".utf8), to: victim)
        let temporary = directory.path(".list.json.tmp")
        #expect(symlink(victim, temporary) == 0)
        let descriptor = try AtomicFile.createTemporaryFile(
            FileName(temporary), path: FileName(directory.path("list.json")))
        try SystemCall.writeFully(Array("new\n".utf8), to: descriptor)
        close(descriptor)
        #expect(contents(of: victim) == Array("keep me\n".utf8), "the link was not followed")
        var status = stat()
        #expect(lstat(temporary, &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
        #expect(contents(of: temporary) == Array("new\n".utf8))
    }

    @Test func theReplacedFileKeepsItsPermissions() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("private.json")
        try write(Array("old\n".utf8), to: path)
        #expect(chmod(path, 0o600) == 0)
        try AtomicFile.replace(FileName(path), with: Array("new\n".utf8))
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o600)
    }

    @Test func somethingElseThanARegularFileIsNotReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("pipe")
        #expect(mkfifo(path, 0o644) == 0)
        #expect(
            throws: FileError(
                path: FileName(path), reason: "not a regular file, so it is not replaced")
        ) {
            try AtomicFile.replace(FileName(path), with: Array("new\n".utf8))
        }
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(directory.entries() == ["pipe"])
    }

    /// A folder that takes no new file is named as such, not as missing.
    ///
    /// `/proc` is there, and so is `/proc/version`, but no file can be made beside it: creating
    /// the temporary file fails with "No such file or directory", which is not true of the
    /// target.
    @Test func aFolderThatTakesNoNewFileIsNamedAsSuch() throws {
        #expect(
            throws: FileError(
                path: "/proc/version",
                reason: "no file can be created in its folder, /proc, and a file is replaced by a "
                    + "new one written beside it")
        ) {
            try AtomicFile.replace("/proc/version", with: Array("[]\n".utf8))
        }
    }

    @Test func aFolderThatDoesNotExistIsAnErrorNamingThePath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("missing/list.json")
        #expect(throws: FileError(path: FileName(path), code: ENOENT)) {
            try AtomicFile.replace(FileName(path), with: Array("[]\n".utf8))
        }
        #expect(directory.entries().isEmpty)
    }

    @Test func aDirectoryInTheWayIsAnErrorAndStaysAsItWas() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("folder")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try write(Array("keep\n".utf8), to: directory.path("folder/inside"))
        #expect(throws: FileError(path: FileName(path), code: EISDIR)) {
            try AtomicFile.replace(FileName(path), with: Array("[]\n".utf8))
        }
        #expect(directory.entries() == ["folder"], "the temporary file was removed")
        #expect(contents(of: directory.path("folder/inside")) == Array("keep\n".utf8))
    }

    @Test func aFailureJustBeforeTheRenameLeavesTheOldFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("list.json")
        try write(Array("old\n".utf8), to: path)
        let refusal = FileError(path: FileName(path), reason: "refused by the test")
        #expect(throws: refusal) {
            _ = try AtomicFile.replaceKeepingOpen(
                FileName(path), reportedAs: FileName(path), with: Array("new\n".utf8)
            ) { _ throws(FileError) in throw refusal }
        }
        #expect(contents(of: path) == Array("old\n".utf8))
        #expect(directory.entries() == ["list.json"])
    }

    @Test func theKeptDescriptorWritesAtTheEndOfTheNewFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("state")
        try write(Array("old\n".utf8), to: path)
        let descriptor = try AtomicFile.replaceKeepingOpen(
            FileName(path), reportedAs: FileName(path), with: Array("new\n".utf8))
        defer { close(descriptor) }
        try SystemCall.writeFully(Array("more\n".utf8), to: descriptor)
        #expect(contents(of: path) == Array("new\nmore\n".utf8))
    }

    @Test(arguments: [
        ("list.json", "."), ("/list.json", "/"), ("a/b/list.json", "a/b"), ("/a/list.json", "/a"),
    ])
    func theDirectoryOfAPath(path: String, directory: String) {
        #expect(FileName(path).directory == FileName(directory))
    }
}

/// Each `fsync` of the atomic write is observable: made to fail, it fails the write.
@Suite("AtomicFile's fsyncs")
struct AtomicFileSyncTests {
    @Test func aFailedFileSyncLeavesTheOldFileAndNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("list.json")
        try write(Array("old\n".utf8), to: path)
        #expect(throws: FileError.self) {
            try AtomicFile.replace(
                FileName(path), with: Array("new\n".utf8), sync: failingSync(for: .files))
        }
        #expect(contents(of: path) == Array("old\n".utf8), "no rename before the data is on disk")
        #expect(directory.entries() == ["list.json"], "the temporary file is removed")
    }

    @Test func aFailedDirectorySyncIsReported() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("list.json")
        try write(Array("old\n".utf8), to: path)
        var reason = ""
        do {
            try AtomicFile.replace(
                FileName(path), with: Array("new\n".utf8), sync: failingSync(for: .directories))
        } catch {
            reason = error.description
        }
        // The rename happened, but it is not known to be on disk: the caller must not say it is.
        #expect(reason.contains("Input/output error"))
        #expect(directory.entries() == ["list.json"])
    }

    @Test func theRealSyncWritesTheFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("list.json")
        try AtomicFile.replace(FileName(path), with: Array("new\n".utf8), sync: .system)
        #expect(contents(of: path) == Array("new\n".utf8))
    }
}

@Suite("AtomicFile: names are bytes")
struct AtomicFileNameTests {
    @Test func aLinkToANameThatIsNotUTF8IsFollowedToThatName() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = FileName(directory.path("x")).directory.appending([0x73, 0xFE])
        let link = FileName(directory.path("link"))
        #expect(target.withCString { to in link.withCString { symlink(to, $0) } } == 0)
        try AtomicFile.replace(link, with: Array("new\n".utf8))
        #expect(AtomicFile.resolvedPath(link) == target)
        #expect(FileIdentity(path: target) != nil)
        #expect(directory.entries().count == 2, "the link and its target, nothing else")
    }

    @Test(arguments: [1, 200, 239, 240, 241, 250, 255])
    func theTemporaryNameFitsTheSystemsLimit(length: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let base = String(repeating: "n", count: length)
        let prefix = AtomicFile.temporaryPrefix(of: Array(base.utf8))
        #expect(prefix.count + 10 + ".tmp".count <= 255)
        try AtomicFile.replace(FileName(directory.path(base)), with: Array("[]\n".utf8))
        #expect(directory.entries() == [base])
    }

    @Test func longNamesSharingABeginningHaveDifferentTemporaryNames() {
        let one = Array((String(repeating: "n", count: 250) + "a").utf8)
        let other = Array((String(repeating: "n", count: 250) + "b").utf8)
        #expect(AtomicFile.temporaryPrefix(of: one) != AtomicFile.temporaryPrefix(of: other))
        #expect(
            AtomicFile.temporaryPrefix(of: Array("list.json".utf8)) == Array(".list.json.".utf8))
    }

    @Test func leftoversOfGoneWritersOfThisFileGoAndNothingElse() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // 2147483646 is no process; this test's own parent is one.
        let names = [
            ".list.json.2147483646.tmp", ".list.json.\(getppid()).tmp", ".list.json.x.tmp",
            ".other.json.2147483646.tmp", ".list.json..tmp",
        ]
        for name in names { try write([], to: directory.path(name)) }
        try write([], to: directory.path("list.json"))
        AtomicFile.removeLeftovers(of: FileName(directory.path("list.json")))
        #expect(directory.entries() == (names.dropFirst() + ["list.json"]).sorted())
    }
}
