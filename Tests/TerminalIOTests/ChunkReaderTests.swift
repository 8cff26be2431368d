// Reading a descriptor on a thread of its own: every byte arrives, in order; a read error is the
// last chunk; and input the app has not asked for stays in the pipe (backpressure), instead of
// piling up in memory.

import Foundation
import MoviesTestSupport
import Testing

@testable import TerminalIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("ChunkReader", .hangGuard)
struct ChunkReaderTests {
    /// A pipe: (read end, write end), both close-on-exec, so that a child process another test
    /// starts later cannot hold an end open.
    private func makePipe() throws -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Writes all of `bytes` to `descriptor` from a thread of its own, then closes it.
    private func writeInBackground(_ bytes: [UInt8], to descriptor: Int32) {
        Thread.detachNewThread {
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes {
                    write(descriptor, $0.baseAddress, $0.count)
                }
                guard written > 0 else { break }
                offset += written
            }
            close(descriptor)
        }
    }

    @Test(.hangGuard)
    func everyByteArrivesInOrderThenTheEnd() async throws {
        let (readEnd, writeEnd) = try makePipe()
        defer { close(readEnd) }
        // No period that divides a chunk: a lost or repeated chunk cannot go unnoticed.
        let bytes = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) }
        writeInBackground(bytes, to: writeEnd)
        var received: [UInt8] = []
        for await chunk in ChunkReader(descriptor: readEnd) {
            guard case .bytes(let part) = chunk else {
                Issue.record("unexpected \(chunk)")
                break
            }
            #expect(!part.isEmpty && part.count <= ChunkReader.chunkSize)
            received += part
        }
        #expect(received == bytes)
    }

    @Test(.hangGuard)
    func aReadErrorIsTheLastChunk() async throws {
        let directory = open("/", O_RDONLY)
        try #require(directory >= 0)
        defer { close(directory) }
        var chunks: [ChunkReader.Chunk] = []
        for await chunk in ChunkReader(descriptor: directory) { chunks.append(chunk) }
        #expect(chunks == [.failed(errno: EISDIR)])
    }

    @Test(.hangGuard)
    func unreadInputStaysInThePipe() async throws {
        let (readEnd, writeEnd) = try makePipe()
        defer {
            close(readEnd)
            close(writeEnd)
        }
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        let block = [UInt8](repeating: 7, count: 4096)
        var written = 0
        /// Writes until the pipe is full; `false` if it never stays full within `rounds` tries
        /// (each giving the reading thread a moment), as when a reader reads on and on.
        func fill(rounds: Int) -> Bool {
            for _ in 0..<rounds {
                while case let count = block.withUnsafeBytes({
                    write(writeEnd, $0.baseAddress, $0.count)
                }), count > 0 {
                    written += count
                }
                usleep(20_000)
                // Still full after the pause: the reader is not taking more.
                if block.withUnsafeBytes({ write(writeEnd, $0.baseAddress, 1) }) < 0 { return true }
                written += 1
            }
            return false
        }
        // The pipe's own capacity, measured with nobody reading.
        #expect(fill(rounds: 1))
        let capacity = written

        var iterator = ChunkReader(descriptor: readEnd).makeAsyncIterator()
        #expect(fill(rounds: 50), "the pipe fills up again: the reader stopped reading")
        // Taken so far: nothing. Read ahead: at most one chunk; the rest waits in the pipe.
        #expect(written <= capacity + ChunkReader.chunkSize)

        guard case .bytes(let first)? = await iterator.next() else {
            Issue.record("no first chunk")
            return
        }
        #expect(first.count <= ChunkReader.chunkSize)
        #expect(fill(rounds: 50))
        // One chunk taken lets the reader read one more, and no further.
        #expect(written <= capacity + 2 * ChunkReader.chunkSize)
    }

    @Test(.hangGuard)
    func aStoppedReaderNeverReadsTheDescriptorAgain() async throws {
        let (readEnd, writeEnd) = try makePipe()
        defer { close(writeEnd) }
        #expect(write(writeEnd, "first\n", 6) == 6)
        do {
            var iterator = ChunkReader(descriptor: readEnd).makeAsyncIterator()
            #expect(await iterator.next() == .bytes(Array("first\n".utf8)))
        }
        // The iterator is gone and the caller closes its descriptor; whatever is opened next
        // under the same number must not be read by the stopped thread.
        close(readEnd)
        let (reused, reusedWriter) = try makePipe()
        defer {
            close(reused)
            close(reusedWriter)
        }
        // Something for a thread that still read the old pipe; once the thread has ended, no
        // reader is left and this write fails with EPIPE (SIGPIPE ignored), which is fine too.
        signal(SIGPIPE, SIG_IGN)
        _ = write(writeEnd, "second\n", 7)
        #expect(write(reusedWriter, "mine\n", 5) == 5)
        usleep(50_000)
        var buffer = [UInt8](repeating: 0, count: 16)
        _ = fcntl(reused, F_SETFL, fcntl(reused, F_GETFL) | O_NONBLOCK)
        let count = buffer.withUnsafeMutableBytes { read(reused, $0.baseAddress, $0.count) }
        #expect(count == 5, "the bytes written to the new pipe are all still there")
    }

    @Test func replayedChunksComeBackAsGiven() async {
        let given: [ChunkReader.Chunk] = [.bytes([1, 2]), .bytes([3]), .failed(errno: EIO)]
        var received: [ChunkReader.Chunk] = []
        for await chunk in ChunkReader(replaying: given) { received.append(chunk) }
        #expect(received == given)
    }
}
