// Role in the data flow: a middleware beside the store. It writes the trace's header when the
// session starts, then one JSON line for every action the store runs, to a file or to stderr.
// It only watches: nothing it does changes what the store or the views do.

import MoviesCore
import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a trace (`--trace [FILE]`): the header, then one `Record` a line.
@MainActor
package final class TraceWriter: MoviesMiddleware {
    private let descriptor: Int32
    private let path: FileName
    private let ownsDescriptor: Bool
    /// The first write error; after it the trace is incomplete and nothing more is written.
    package private(set) var failure: FileError?

    /// Opens (creating or truncating) the trace file at `path`, or uses stderr when `path` is nil,
    /// and writes the header for a store starting from `state`.
    package init(path: FileName?, state: MoviesState, historyLimit: Int) throws(FileError) {
        if let path {
            do {
                descriptor = try SystemCall.open(
                    path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode: 0o644)
            } catch {
                throw FileError(path: path, error)
            }
            self.path = path
            ownsDescriptor = true
        } else {
            descriptor = STDERR_FILENO
            self.path = "standard error"
            ownsDescriptor = false
        }
        writeLine(Trace.line(Trace.Header(state: state, historyLimit: historyLimit)))
        if let failure { throw failure }
    }

    /// Whether `name` reaches the file this trace writes (by device and inode), so that `save`
    /// does not replace it; also for a trace on standard error redirected to a file.
    package func isSameFile(_ name: FileName) -> Bool {
        guard let mine = FileIdentity(descriptor: descriptor) else { return false }
        return FileIdentity(path: name) == mine
    }

    isolated deinit {
        if ownsDescriptor { SystemCall.close(descriptor) }
    }

    package func didSend(_ record: MoviesViewModel.Record, state: MoviesState) {
        writeLine(Trace.line(record))
    }

    private func writeLine(_ line: String) {
        guard failure == nil else { return }
        do {
            try SystemCall.writeFully(Array((line + "\n").utf8), to: descriptor)
        } catch {
            failure = FileError(path: path, error)
        }
    }
}
