// Role in the data flow: reading a file the user names (a trace to replay) one line at a time,
// with a bound on each line, so a file or a pipe of any length is read in bounded memory and a
// line without an end cannot grow it without limit.

import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lines of a regular file or a pipe, read in chunks, each at most `maximumLineBytes` long.
package struct FileLines {
    /// One step of reading.
    package enum Line: Equatable {
        /// A line's bytes, without the newline (a last line without a newline counts too).
        case line([UInt8])
        /// A line longer than the bound; its bytes were skipped, not kept.
        case tooLong
    }

    let maximumLineBytes: Int
    private let descriptor: Int32
    private let path: FileName
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var start = 0
    /// Where the search for the next newline resumes: the bytes from `start` up to here are
    /// known to hold none.
    private var searched = 0
    private var skipping = false
    private var atEnd = false

    /// Opens `path`, refusing anything but a regular file or a pipe (`<(…)`, `/dev/stdin` from a
    /// pipe): a directory has no lines, and a device may never end.
    ///
    /// The open itself never waits: a named pipe with no writer yet is opened at once (and reads
    /// as empty), rather than blocking until one comes. Reading a pipe waits for its writer, as
    /// reading standard input does; each line is bounded all the same.
    package init(path: FileName, maximumLineBytes: Int) throws(FileError) {
        let descriptor: Int32
        do throws(SystemCallError) {
            descriptor = try SystemCall.openWithoutWaiting(path, O_RDONLY | O_CLOEXEC)
        } catch {
            throw FileError(path: path, error)
        }
        let status: stat
        do throws(SystemCallError) {
            status = try SystemCall.status(of: descriptor)
        } catch {
            SystemCall.close(descriptor)
            throw FileError(path: path, error)
        }
        if let kind = FileKind(irregular: status), kind != .namedPipe {
            SystemCall.close(descriptor)
            throw FileError(path: path, reason: kind.description)
        }
        self.descriptor = descriptor
        self.path = path
        self.maximumLineBytes = maximumLineBytes
    }

    /// Closes the file.
    package func finish() {
        SystemCall.close(descriptor)
    }

    /// The next line, or `nil` at the end of the file.
    package mutating func next() throws(FileError) -> Line? {
        while true {
            if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                defer {
                    start = newline + 1
                    searched = start
                }
                return take(start..<newline)
            }
            // Only the bytes still to come can hold the newline: searching the whole line again
            // after every chunk would make a long line cost its length squared.
            searched = buffer.count
            if atEnd {
                guard start < buffer.count || skipping else { return nil }
                defer {
                    start = buffer.count
                    searched = start
                }
                return take(start..<buffer.count)
            }
            if buffer.count - start > maximumLineBytes {
                // Keep nothing of an over-long line: note it, and drop bytes until its end.
                buffer.removeAll(keepingCapacity: true)
                start = 0
                searched = 0
                skipping = true
            }
            try fill()
        }
    }

    /// The line in `range` of the buffer, or `.tooLong` if it is (the end of) an over-long one.
    private mutating func take(_ range: Range<Int>) -> Line {
        let tooLong = skipping || range.count > maximumLineBytes
        skipping = false
        return tooLong ? .tooLong : .line(Array(buffer[range]))
    }

    private mutating func fill() throws(FileError) {
        // Drop the lines already returned before the buffer grows.
        buffer.removeSubrange(..<start)
        searched -= start
        start = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count: Int
        do throws(SystemCallError) {
            count = try chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemCallError) in try SystemCall.read(descriptor, into: buffer)
                }
            }.get()
        } catch {
            throw FileError(path: path, error)
        }
        if count == 0 { atEnd = true }
        buffer.append(contentsOf: chunk[..<count])
    }
}
