// Reading a file line by line with a bound: lines with and without a final newline, empty lines,
// lines across read chunks, a line over the bound reported (not kept) with the next line still
// read, a pipe read as a file is, and what is neither (a directory, a device).

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

@Suite("FileLines")
struct FileLinesTests {
    /// Every step of reading `bytes` with lines of at most `maximum` bytes.
    private func read(_ bytes: [UInt8], maximum: Int = 16) throws -> [FileLines.Line] {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lines")
        try write(bytes, to: path)
        var lines = try FileLines(path: FileName(path), maximumLineBytes: maximum)
        defer { lines.finish() }
        var read: [FileLines.Line] = []
        while let line = try lines.next() {
            read.append(line)
        }
        #expect(try lines.next() == nil, "the end stays the end")
        return read
    }

    private func line(_ text: String) -> FileLines.Line {
        .line(Array(text.utf8))
    }

    @Test func linesWithAndWithoutAFinalNewline() throws {
        #expect(try read(Array("one\ntwo\n".utf8)) == [line("one"), line("two")])
        #expect(try read(Array("one\ntwo".utf8)) == [line("one"), line("two")])
        #expect(try read(Array("\n\nx\n".utf8)) == [line(""), line(""), line("x")])
        #expect(try read([]) == [])
        #expect(try read(Array("a\r\n".utf8)) == [line("a\r")], "bytes are kept as they are")
    }

    @Test func aLineAtTheBoundIsKeptAndOneOverItIsReportedAndSkipped() throws {
        let atBound = String(repeating: "a", count: 16)
        let over = String(repeating: "b", count: 17)
        #expect(
            try read(Array("\(atBound)\n\(over)\nnext\n\(over)".utf8))
                == [line(atBound), .tooLong, line("next"), .tooLong])
    }

    @Test func aLineOverTheBoundAcrossManyChunksIsSkippedInBoundedMemory() throws {
        let long = [UInt8](repeating: UInt8(ascii: "z"), count: 300_000)
        #expect(
            try read(Array("first\n".utf8) + long + Array("\nlast\n".utf8), maximum: 1_000)
                == [line("first"), .tooLong, line("last")])
    }

    @Test func linesLongerThanAReadChunkAreWhole() throws {
        let long = [UInt8](repeating: UInt8(ascii: "y"), count: 200_000)
        #expect(
            try read(long + [0x0A] + long, maximum: 200_000) == [.line(long), .line(long)])
    }

    @Test func aMissingFileIsAnErrorNamingIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("missing")
        #expect(throws: FileError(path: FileName(path), code: ENOENT)) {
            _ = try FileLines(path: FileName(path), maximumLineBytes: 10)
        }
    }

    @Test func aDirectoryOrADeviceIsNotRead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cases = [
            (directory.path, "a directory, not a regular file"),
            ("/dev/zero", "a character device, not a regular file"),
        ]
        for (path, reason) in cases {
            #expect(throws: FileError(path: FileName(path), reason: reason)) {
                _ = try FileLines(path: FileName(path), maximumLineBytes: 10)
            }
        }
    }

    /// A pipe is read as a file is: `<(…)`, or `/dev/stdin` from a pipe, by its name.
    @Test func aPipeIsReadLineByLine() throws {
        let ends = try SystemCall.makePipe()
        defer { close(ends.read) }
        #expect(SystemCall.writeAll(Array("first\nlast".utf8), to: ends.write) == nil)
        close(ends.write)
        var lines = try FileLines(
            path: FileName("/proc/self/fd/\(ends.read)"), maximumLineBytes: 10)
        defer { lines.finish() }
        var read: [FileLines.Line] = []
        while let next = try lines.next() { read.append(next) }
        #expect(read == [line("first"), line("last")])
    }
}
