// What a catalog path may lead to: a regular file (through links) is read whole up to the limit,
// and everything else is named as what it is, without blocking and without reading past the limit.

import Foundation
import MoviesTestSupport
import SystemBoundary
import Testing

@testable import MoviesFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("CatalogFile")
struct CatalogFileTests {
    private func contents(_ path: String, limit: Int = 1024) throws(CatalogError) -> [UInt8] {
        try CatalogFile.contents(of: FileName(path), limit: limit)
    }

    /// Runs `body` with a new, empty folder of its own, removed afterwards.
    private func withFolder(_ body: (TemporaryDirectory) throws -> Void) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try body(folder)
    }

    private func expect(_ path: String, _ problem: CatalogError.Problem, limit: Int = 1024) {
        #expect(throws: CatalogError(file: path, problem: problem)) {
            try contents(path, limit: limit)
        }
    }

    @Test func aRegularFileIsReadWholeThroughALink() throws {
        try withFolder { folder in
            let url = try folder.write(Data("[1, 2]".utf8))
            let link = URL(fileURLWithPath: folder.path("link.json"))
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: url)
            #expect(try contents(url.path) == Array("[1, 2]".utf8))
            #expect(try contents(link.path) == Array("[1, 2]".utf8))
        }
    }

    @Test func theLimitIsExact() throws {
        try withFolder { folder in
            let url = try folder.write(Data(repeating: 0x20, count: 100))
            #expect(try contents(url.path, limit: 100).count == 100)
            expect(url.path, .tooLarge(bytes: 100, limit: 99), limit: 99)
        }
    }

    @Test func aLinkToALargeFileIsRefusedBySizeUnread() throws {
        try withFolder { folder in
            let link = try folder.linkToSparseFile(size: 4 << 30)
            expect(link.path, .tooLarge(bytes: 4 << 30, limit: 1024))
        }
    }

    @Test func aFileThatReportsNoSizeIsCutAtTheLimitWhileReading() throws {
        // Files in /proc report a size of 0 whatever they hold.
        var info = stat()
        try #require(stat("/proc/self/maps", &info) == 0 && info.st_size == 0)
        expect("/proc/self/maps", .tooLarge(bytes: nil, limit: 16), limit: 16)
        #expect(try contents("/proc/self/maps", limit: 1 << 20).count > 16)
    }

    @Test(.hangGuard)
    func aNamedPipeIsRefusedWithoutBlocking() throws {
        try withFolder { folder in
            let path = folder.path("fifo.json")
            try #require(mkfifo(path, 0o600) == 0)
            expect(path, .notAFile(.namedPipe))
        }
    }

    @Test func devicesAndDirectoriesAreNotFiles() throws {
        expect("/dev/null", .notAFile(.characterDevice))
        expect("/dev/zero", .notAFile(.characterDevice))
        try withFolder { folder in expect(folder.path, .notAFile(.directory)) }
    }

    @Test func aSocketIsNotAFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("s.json")
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (offset, byte) in path.utf8.enumerated() where offset < buffer.count - 1 {
                buffer[offset] = byte
            }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0)
        expect(path, .notAFile(.socket))
    }

    @Test func linksToNowhereAndLoopsAreNamed() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let directory = folder.url
        let dangling = directory.appendingPathComponent("dangling.json").path
        try FileManager.default.createSymbolicLink(
            atPath: dangling, withDestinationPath: directory.appendingPathComponent("gone").path)
        expect(dangling, .danglingLink)

        let first = directory.appendingPathComponent("a.json").path
        let second = directory.appendingPathComponent("b.json").path
        try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: second)
        try FileManager.default.createSymbolicLink(atPath: second, withDestinationPath: first)
        expect(first, .linkLoop)

        expect(directory.appendingPathComponent("none.json").path, .missing)
    }

    @Test func aPathThroughAFileIsNamedByTheSystem() throws {
        try withFolder { folder in
            let url = try folder.write(Data("[]".utf8))
            expect(url.path + "/x.json", .unreadable("Not a directory"))
        }
    }
}
