// Role in the data flow: the start of the input loop. Chunks of raw bytes from stdin are split
// into lines, and each line (or the reason it cannot be run) reaches the loop as an `InputEvent`,
// without ever blocking the main actor: the loading indicator and the list are drawn while the
// prompt waits.
//
//   stdin ─► ChunkReader ─► LineSplitter ─► LineReader ─► MoviesApp loop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The input lines as an asynchronous sequence of `InputEvent`s.
///
/// Memory stays bounded whatever the input: the chunk reader reads ahead by one chunk only, the
/// splitter holds one line of at most 64 KiB, and the events of one chunk are handed out before
/// the next chunk is requested. When the consuming task is cancelled (the app does that when its
/// output is gone), the sequence ends at once, even with events still pending.
public struct LineReader: AsyncSequence, Sendable {
    public typealias Element = InputEvent

    private let chunks: ChunkReader

    /// The lines of the chunks `chunks` produces.
    public init(chunks: ChunkReader) {
        self.chunks = chunks
    }

    /// The lines of this process's standard input.
    public static func standardInput() -> LineReader {
        LineReader(chunks: ChunkReader(descriptor: STDIN_FILENO))
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks.makeAsyncIterator())
    }

    /// Hands out the events of one chunk, then reads the next.
    public struct Iterator: AsyncIteratorProtocol {
        fileprivate var chunks: ChunkReader.Iterator
        private var splitter = LineSplitter()
        /// The events of the last chunk not yet handed out, from `nextPending` on.
        private var pending: [InputEvent] = []
        private var nextPending = 0
        /// Whether the chunks have ended (end of input or a read error).
        private var ended = false

        fileprivate init(chunks: ChunkReader.Iterator) {
            self.chunks = chunks
        }

        public mutating func next() async -> InputEvent? {
            while !Task.isCancelled {
                if nextPending < pending.count {
                    defer { nextPending += 1 }
                    return pending[nextPending]
                }
                guard !ended else { return nil }
                nextPending = 0
                switch await chunks.next() {
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
            return nil
        }
    }
}
