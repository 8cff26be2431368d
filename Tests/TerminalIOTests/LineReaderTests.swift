// Chunks into input events: lines across chunks, end of input after a last line without newline,
// a read error as the last event (the line it cut off is not run), and nothing more once the
// consuming task is cancelled.

import MoviesTestSupport
import Testing

@testable import TerminalIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@MainActor
@Suite("LineReader", .hangGuard)
struct LineReaderTests {
    /// Every event up to the end (which is left out).
    private func events(_ chunks: [ChunkReader.Chunk]) async -> [InputEvent] {
        let reader = LineReader(chunks: ChunkReader(replaying: chunks))
        var events: [InputEvent] = []
        while case let event = await reader.next(), event != .end(final: true) {
            events.append(event)
        }
        #expect(reader.nextReady() == .end(final: true), "the end stays the end")
        return events
    }

    @Test func linesAcrossChunksThenTheEnd() async {
        #expect(
            await events([
                .bytes(Array("li".utf8)), .bytes(Array("st\nmove 1 2\nqu".utf8)),
                .bytes(Array("it".utf8)),
            ])
                == [.line("list"), .line("move 1 2"), .line("quit")])
    }

    @Test func aReadErrorIsTheLastEventAndTheLineItCutIsDropped() async {
        #expect(
            await events([
                .bytes(Array("list\ndel".utf8)), .failed(errno: EIO), .bytes(Array("ete 1\n".utf8)),
            ])
                == [.line("list"), .readError(EIO)])
    }

    @Test func aCancelledConsumerGetsNothingMore() async {
        let reader = LineReader(chunks: ChunkReader(replaying: [.bytes(Array("a\nb\nc\n".utf8))]))
        let task = Task {
            var events: [InputEvent] = []
            while case let event = await reader.next(), event != .end(final: true) {
                events.append(event)
                withUnsafeCurrentTask { $0?.cancel() }
            }
            return events
        }
        #expect(await task.value == [.line("a")])
    }

    @Test func linesAlreadyReadAreReadyWithoutWaiting() async {
        let reader = LineReader(
            chunks: ChunkReader(replaying: [
                .bytes(Array("a\nb\n".utf8)), .bytes(Array("c\n".utf8)),
            ]))
        #expect(reader.nextReady() == nil, "nothing is read before the first wait")
        #expect(await reader.next() == .line("a"))
        #expect(reader.nextReady() == .line("b"), "the rest of the chunk is ready")
        #expect(reader.nextReady() == nil, "the next chunk must be waited for")
        #expect(await reader.next() == .line("c"))
    }
}
