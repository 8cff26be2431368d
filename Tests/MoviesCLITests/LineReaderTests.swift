// Chunks into input events: lines across chunks, end of input after a last line without newline,
// a read error as the last event (the line it cut off is not run), and nothing more once the
// consuming task is cancelled.

import Testing

@testable import MoviesCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("LineReader")
struct LineReaderTests {
    private func events(_ chunks: [ChunkReader.Chunk]) async -> [InputEvent] {
        var events: [InputEvent] = []
        for await event in LineReader(chunks: ChunkReader(replaying: chunks)) {
            events.append(event)
        }
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
            for await event in reader {
                events.append(event)
                withUnsafeCurrentTask { $0?.cancel() }
            }
            return events
        }
        #expect(await task.value == [.line("a")])
    }
}
