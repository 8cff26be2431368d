// Whether two names, or a name and a descriptor, reach the same file: another spelling and a
// symbolic link do, a copy does not, and a missing file has no identity.

import Foundation
import MoviesTestSupport
import Testing

@testable import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("FileIdentity")
struct FileIdentityTests {
    @Test func namesAndLinksOfOneFileAreOneIdentityACopyIsAnother() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("movies.json")
        try write(Array("[]\n".utf8), to: path)
        try write(Array("[]\n".utf8), to: directory.path("copy.json"))
        #expect(symlink(path, directory.path("link.json")) == 0)

        let identity = try #require(FileIdentity(path: FileName(path)))
        #expect(FileIdentity(path: FileName(directory.path + "/./movies.json")) == identity)
        #expect(FileIdentity(path: FileName(directory.path("link.json"))) == identity)
        #expect(FileIdentity(path: FileName(directory.path("copy.json"))) != identity)
        #expect(FileIdentity(path: FileName(directory.path("missing.json"))) == nil)

        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        #expect(FileIdentity(descriptor: descriptor) == identity)
        #expect(FileIdentity(descriptor: -1) == nil)
    }
}
