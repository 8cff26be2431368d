// Role in the data flow: the very start, for input from a pipe or a file (or a terminal in line
// mode). It turns the reader's stream of lines into the events a `Session` consumes.

/// Standard input as an `InputSource`.
@MainActor
public final class PipedInput: InputSource {
    private var lines: AsyncStream<String>.Iterator
    private var ended = false

    public init(_ lines: AsyncStream<String>) {
        self.lines = lines.makeAsyncIterator()
    }

    public func nextReady() -> InputEvent? {
        ended ? .end(final: true) : nil
    }

    public func next() async -> InputEvent {
        var iterator = lines
        let next = await iterator.next(isolation: #isolation)
        lines = iterator
        guard !ended, let line = next else {
            ended = true
            return .end(final: true)
        }
        return .line(line)
    }
}
