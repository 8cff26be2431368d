// Whether the file at a name changed since it was stamped, without reading it: a file left alone
// keeps its stamp; one written again, even in place and as the same file, gets another; a missing
// file has none.

import Foundation
import MoviesTestSupport
import Testing

@testable import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("FileStamp")
struct FileStampTests {
    @Test func aFileWrittenAgainInPlaceIsTheSameFileWithAnotherStamp() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("movies.state")
        let name = FileName(path)
        try write(Array("[]\n".utf8), to: path)
        let first = try #require(FileStamp(path: name))
        #expect(FileStamp(path: name) == first, "left alone, the same stamp")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data("[ ]\n".utf8))
        try handle.close()
        let second = try #require(FileStamp(path: name))
        #expect(second.identity == first.identity, "the same file")
        #expect(second != first, "written again")
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        #expect(FileStamp(try SystemCall.status(of: descriptor)) == second)
        #expect(FileStamp(path: FileName(directory.path("missing"))) == nil)
    }
}
