// Role in the data flow: the start of the input loop, for input from a pipe or a file. Chunks of
// raw bytes from stdin are split into lines, and each line (or the reason it cannot be run)
// reaches the session as an `InputEvent`, without ever blocking the main actor: the loading
// indicator and the list are drawn while the session waits.
//
//   stdin ─► ChunkReader ─► LineSplitter ─► LineReader ─► Session

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input (or any chunks) as an `InputSource` of line events.
///
/// Memory stays bounded whatever the input: the chunk reader reads ahead by one chunk only, the
/// splitter holds one line of at most 64 KiB, and the events of one chunk are handed out before
/// the next chunk is requested. The lines already read are "ready": the session runs them all
/// before it waits again, so a burst of piped lines shares whatever the app does between waits
/// (with a state file, one commit). When the task running the session is cancelled (the app does
/// that when its output is gone), the input ends at once, even with events still pending.
@MainActor
package final class LineReader: InputSource {
    private var chunks: ChunkReader.Iterator
    private var splitter = LineSplitter()
    /// The events of the last chunk not yet handed out, from `nextPending` on.
    private var pending: [InputEvent] = []
    private var nextPending = 0
    /// Whether the chunks have ended (end of input or a read error).
    private var ended = false

    /// The lines of the chunks `chunks` produces.
    package init(chunks: ChunkReader) {
        self.chunks = chunks.makeAsyncIterator()
    }

    /// The lines of this process's standard input.
    package static func standardInput() -> LineReader {
        LineReader(chunks: ChunkReader(descriptor: STDIN_FILENO))
    }

    package func nextReady() -> InputEvent? {
        guard !Task.isCancelled else { return .end(final: true) }
        if nextPending < pending.count {
            defer { nextPending += 1 }
            return pending[nextPending]
        }
        return ended ? .end(final: true) : nil
    }

    package func next() async -> InputEvent {
        while !Task.isCancelled {
            if let ready = nextReady() { return ready }
            nextPending = 0
            var iterator = chunks
            let chunk = await iterator.next(isolation: #isolation)
            chunks = iterator
            switch chunk {
            case .bytes(let bytes)?:
                pending = splitter.split(bytes)
            case .failed(let code)?:
                // A line cut off by the error is not run: it may not be the whole command.
                pending = [.readError(code)]
                ended = true
            case nil:
                pending = splitter.finish()
                ended = true
            }
        }
        return .end(final: true)
    }
}
