// The wrappers over the calls on files, each against a real file in a folder of its own: what
// each returns, and that each failure is the typed error naming the call with the system's errno.

import Foundation
import MoviesTestSupport
import Testing

@testable import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("SystemCall: files")
struct SystemCallFilesTests {
    @Test func aFileIsOpenedWrittenReadCutAndSynced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = FileName(directory.path("f"))
        let descriptor = try SystemCall.open(path, O_RDWR | O_CREAT | O_EXCL, mode: 0o600)
        defer { SystemCall.close(descriptor) }
        try SystemCall.writeFully(Array("hello, world".utf8), to: descriptor)
        try SystemCall.sync(descriptor)
        try SystemCall.truncate(descriptor, to: 5)
        let status = try SystemCall.status(of: descriptor)
        #expect(status.st_size == 5)
        #expect(status.st_mode & 0o777 == 0o600)
        try SystemCall.changeMode(of: descriptor, to: 0o640)
        #expect(try SystemCall.status(of: path).st_mode & 0o777 == 0o640)
        #expect(lseek(descriptor, 0, SEEK_SET) == 0)
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = try buffer.withUnsafeMutableBytes { try SystemCall.read(descriptor, into: $0) }
        #expect(Array(buffer.prefix(count)) == Array("hello".utf8))
        #expect(
            try buffer.withUnsafeMutableBytes { try SystemCall.read(descriptor, into: $0) } == 0)
        try SystemCall.seekToEnd(descriptor)
        try SystemCall.writeFully(Array("!".utf8), to: descriptor)
        #expect(contents(of: directory.path("f")) == Array("hello!".utf8))
    }

    @Test func eachFailureNamesItsCallAndTheSystemsReason() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = FileName(directory.path("missing"))
        #expect(throws: SystemCallError(call: "open", code: ENOENT)) {
            try SystemCall.open(missing, O_RDONLY)
        }
        #expect(throws: SystemCallError(call: "stat", code: ENOENT)) {
            try SystemCall.status(of: missing)
        }
        #expect(throws: SystemCallError(call: "lstat", code: ENOENT)) {
            try SystemCall.linkStatus(of: missing)
        }
        #expect(throws: SystemCallError(call: "fstat", code: EBADF)) {
            try SystemCall.status(of: -1)
        }
        #expect(throws: SystemCallError(call: "fsync", code: EBADF)) { try SystemCall.sync(-1) }
        #expect(throws: SystemCallError(call: "write", code: EBADF)) {
            try SystemCall.writeFully([1], to: -1)
        }
        #expect(throws: SystemCallError(call: "unlink", code: ENOENT)) {
            try SystemCall.unlink(missing)
        }
        #expect(throws: SystemCallError(call: "opendir", code: ENOENT)) {
            try SystemCall.entries(of: missing)
        }
    }

    @Test func aNonBlockingOpenIsMadeBlocking() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try write([], to: directory.path("f"))
        let descriptor = try SystemCall.open(FileName(directory.path("f")), O_RDONLY | O_NONBLOCK)
        defer { SystemCall.close(descriptor) }
        try SystemCall.makeBlocking(descriptor)
        #expect(fcntl(descriptor, F_GETFL) & O_NONBLOCK == 0)
    }

    @Test func descriptorsAreDuplicatedMarkedAndToldOpen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try write(Array("abc".utf8), to: directory.path("f"))
        let descriptor = try SystemCall.open(FileName(directory.path("f")), O_RDONLY | O_CLOEXEC)
        defer { SystemCall.close(descriptor) }
        // Opened closed on exec, so a process another test starts does not inherit it; the flag
        // is cleared only for the check that `closeOnExec` sets it.
        #expect(fcntl(descriptor, F_SETFD, 0) == 0)
        #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC == 0)
        try SystemCall.closeOnExec(descriptor)
        #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)

        let copy = try SystemCall.duplicate(descriptor)
        defer { SystemCall.close(copy) }
        #expect(copy != descriptor)
        #expect(fcntl(copy, F_GETFD) & FD_CLOEXEC != 0, "a duplicate is closed on exec")
        #expect(FileIdentity(descriptor: copy) == FileIdentity(descriptor: descriptor))
        let target = try SystemCall.open(FileName("/dev/null"), O_RDONLY | O_CLOEXEC)
        defer { SystemCall.close(target) }
        try SystemCall.duplicate(descriptor, onto: target)
        try SystemCall.closeOnExec(target)  // `dup2` clears it
        #expect(FileIdentity(descriptor: target) == FileIdentity(descriptor: descriptor))
        #expect(SystemCall.isOpen(copy) && SystemCall.isOpen(target))
        // Numbers no descriptor can have: one closed here may be given to a test running meanwhile.
        #expect(!SystemCall.isOpen(-1) && !SystemCall.isOpen(Int32.max))

        #expect(throws: SystemCallError(call: "fcntl", code: EBADF)) {
            try SystemCall.duplicate(-1)
        }
        #expect(throws: SystemCallError(call: "dup2", code: EBADF)) {
            try SystemCall.duplicate(-1, onto: descriptor)
        }
        #expect(throws: SystemCallError(call: "fcntl", code: EBADF)) {
            try SystemCall.closeOnExec(-1)
        }
    }

    @Test func aLockHeldByAnotherOpenFileIsRefusedWithoutWaiting() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = FileName(directory.path("f"))
        try write([], to: directory.path("f"))
        let first = try SystemCall.open(path, O_RDONLY)
        let second = try SystemCall.open(path, O_RDONLY)
        defer { SystemCall.close(second) }
        #expect(try SystemCall.tryLock(first, .exclusive))
        #expect(try !SystemCall.tryLock(second, .shared), "refused at once, not waited for")
        #expect(try !SystemCall.tryLock(second, .exclusive))
        try SystemCall.unlock(first)
        #expect(try SystemCall.tryLock(second, .shared))
        #expect(try !SystemCall.tryLock(first, .exclusive), "a shared lock excludes it")
        SystemCall.close(first)
        #expect(throws: SystemCallError(call: "flock", code: EBADF)) {
            try SystemCall.tryLock(-1, .shared)
        }
    }

    @Test func namesAreRenamedRemovedListedAndLinksRead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try write(Array("a".utf8), to: directory.path("a"))
        try SystemCall.rename(FileName(directory.path("a")), to: FileName(directory.path("b")))
        #expect(directory.entries() == ["b"])
        #expect(symlink("b", directory.path("link")) == 0)
        #expect(SystemCall.linkTarget(of: FileName(directory.path("link"))) == "b")
        #expect(SystemCall.linkTarget(of: FileName(directory.path("b"))) == nil, "not a link")
        #expect(SystemCall.linkTarget(of: FileName(directory.path("missing"))) == nil)
        let names = try SystemCall.entries(of: FileName(directory.path)).map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(Set(names) == [".", "..", "b", "link"])
        try SystemCall.unlink(FileName(directory.path("link")))
        #expect(directory.entries() == ["b"], "the link itself goes, not what it leads to")
    }

    @Test func aProcessExistsWhileItRuns() {
        #expect(SystemCall.processID == getpid())
        #expect(SystemCall.processExists(SystemCall.processID))
        // The highest pid Linux hands out is below 2^22.
        #expect(!SystemCall.processExists(Int32.max))
    }
}
