// Role in the data flow: the very start. Bytes typed or piped into the process are read on a
// thread of their own and handed to the main actor one chunk at a time. Raw bytes, not lines: the
// line splitter makes lines of them, and a key decoder for a terminal in raw mode can read the same
// chunks.
//
//   stdin ─► ChunkReader (its own thread) ─► LineSplitter ─► input loop (main actor)

import Foundation
import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of a file descriptor as an asynchronous sequence of chunks, read with backpressure.
///
/// `read(2)` blocks, so it runs on a thread of its own: blocking a thread of the concurrency pool
/// instead would starve it on a 2-core machine, and the main actor must stay free to draw while
/// input waits. The thread reads one chunk, hands it over, and then blocks until the consumer has
/// taken it before it reads the next: input that arrives faster than the app runs it stays in the
/// pipe (where the writer blocks in turn) instead of piling up in memory. At most two chunks exist
/// at a time: the one being consumed and the one read ahead.
///
/// The sequence ends at end of input; a read error is its last element. When the consuming task
/// is cancelled (or the iterator dropped), the sequence ends at once and the thread reads no more:
/// it ends as soon as a read it is blocked in returns.
package struct ChunkReader: AsyncSequence, Sendable {
    /// What one read produced.
    package enum Chunk: Equatable, Sendable {
        /// Some bytes, never empty.
        case bytes([UInt8])
        /// Reading failed with this `errno` (not `EINTR` or `EAGAIN`, which are retried: see
        /// `SystemCall.readWhenReady`).
        case failed(errno: Int32)
    }

    /// The most bytes one chunk holds: the size of a Linux pipe's buffer.
    package static let chunkSize = 65_536

    private enum Source: Sendable {
        case descriptor(Int32)
        case replay([Chunk])
    }

    private let source: Source

    /// Chunks read from `descriptor` (which stays open) by a thread started on iteration.
    package init(descriptor: Int32) {
        source = .descriptor(descriptor)
    }

    /// The given chunks, in order, with no thread and no descriptor: input for tests.
    package init(replaying chunks: [Chunk]) {
        source = .replay(chunks)
    }

    package func makeAsyncIterator() -> Iterator {
        switch source {
        case .descriptor(let descriptor):
            let (stream, continuation) = AsyncStream.makeStream(of: Chunk.self)
            let taken = DispatchSemaphore(value: 0)
            // Used as a flag, set once: the consumer stopped, so the thread must not read again.
            let stopped = DispatchSemaphore(value: 0)
            continuation.onTermination = { _ in
                stopped.signal()
                taken.signal()
            }
            // The thread reads its own duplicate of the descriptor and closes it when it ends, so
            // a caller closing `descriptor` can never make it read a file opened later under the
            // same number.
            let owned: Int32
            do {
                owned = try SystemCall.duplicate(descriptor)
            } catch {
                continuation.yield(.failed(errno: error.code))
                continuation.finish()
                return Iterator(base: .stream(stream.makeAsyncIterator(), taken))
            }
            let thread = Thread {
                defer { SystemCall.close(owned) }
                Self.readLoop(owned, into: continuation, waitingOn: taken, stoppedWhen: stopped)
            }
            thread.name = "input"
            thread.start()
            return Iterator(base: .stream(stream.makeAsyncIterator(), taken))
        case .replay(let chunks):
            return Iterator(base: .replay(chunks.makeIterator()))
        }
    }

    /// Reads `descriptor` until end of input or an error, handing each chunk to `continuation`
    /// and then waiting on `taken` until the consumer has it; ends without another read once
    /// `stopped` is signalled.
    private static func readLoop(
        _ descriptor: Int32,
        into continuation: AsyncStream<Chunk>.Continuation,
        waitingOn taken: DispatchSemaphore,
        stoppedWhen stopped: DispatchSemaphore
    ) {
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let read = buffer.withUnsafeMutableBytes { bytes in
                Result { () throws(SystemCallError) in
                    try SystemCall.readWhenReady(descriptor, into: bytes)
                }
            }
            let chunk: Chunk
            switch read {
            case .success(0):
                continuation.finish()
                return
            case .success(let count):
                chunk = .bytes(Array(buffer[0..<count]))
            case .failure(let error)
            where error.code == EIO && JobControl.isInBackground(descriptor):
                // A terminal read from the background: this thread blocks SIGTTIN (it inherits
                // dispatch's mask), so the kernel fails the read rather than stop the process.
                // Stop as any program would, and read again after `fg`; only a job nothing can
                // bring back ends here.
                guard JobControl.waitForForeground(of: descriptor, stoppingWith: SIGTTIN) else {
                    chunk = .failed(errno: error.code)
                    break
                }
                continue
            case .failure(let error):
                chunk = .failed(errno: error.code)
            }
            guard case .enqueued = continuation.yield(chunk) else { return }
            if case .failed = chunk {
                continuation.finish()
                return
            }
            taken.wait()
            if stopped.wait(timeout: .now()) == .success { return }
        }
    }

    /// Iterates the chunks; each `next()` also lets the reading thread read one chunk further.
    package struct Iterator: AsyncIteratorProtocol {
        fileprivate enum Base {
            case stream(AsyncStream<Chunk>.Iterator, DispatchSemaphore)
            case replay(IndexingIterator<[Chunk]>)
        }

        fileprivate var base: Base

        package mutating func next() async -> Chunk? {
            await next(isolation: nil)
        }

        /// The next chunk, awaited on the caller's actor (the input loop's main actor), so the
        /// iterator never has to be sent to another one.
        package mutating func next(isolation actor: isolated (any Actor)?) async -> Chunk? {
            switch base {
            case .stream(var iterator, let taken):
                let chunk = await iterator.next(isolation: actor)
                base = .stream(iterator, taken)
                // The consumer has this chunk now: the thread may read the next one.
                if chunk != nil { taken.signal() }
                return chunk
            case .replay(var iterator):
                // Like the stream, a cancelled consumer gets no more chunks.
                guard !Task.isCancelled else { return nil }
                let chunk = iterator.next()
                base = .replay(iterator)
                return chunk
            }
        }
    }
}
