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
    /// Why a trace could not be started; its file, if there is one, is as it was.
    package enum StartError: Error, Equatable {
        /// The file is the state file of a running `movies --state` session (its lock is taken):
        /// emptying it would destroy that session's list and journal.
        case heldByAnotherSession(FileName)
        /// The system refused to open or write the file.
        case file(FileError)
    }

    private let descriptor: Int32
    /// The file it writes, as given; "standard error" without one.
    package let path: FileName
    private let ownsDescriptor: Bool
    /// The first write error; after it the trace is incomplete and nothing more is written.
    package private(set) var failure: FileError?

    /// Opens (creating or emptying) the trace file at `path`, or uses stderr when `path` is nil,
    /// and writes the header for a store starting from `state` and `history`.
    ///
    /// A file is emptied only once no other session is known to hold it: the trace takes a
    /// shared lock first, which is refused while a session holds the file as its state file,
    /// and keeps it, so no session starts on the file while it is being written.
    package init(
        path: FileName?, state: MoviesState, history: StateFile.History = StateFile.History(),
        historyLimit: Int
    ) throws(StartError) {
        if let path {
            descriptor = try Self.openEmptied(path)
            self.path = path
            ownsDescriptor = true
        } else {
            descriptor = STDERR_FILENO
            self.path = "standard error"
            ownsDescriptor = false
        }
        writeLine(
            Trace.line(Trace.Header(state: state, history: history, historyLimit: historyLimit)))
        if let failure { throw .file(failure) }
    }

    /// Opens `path` for writing, creating it, and empties it unless another session holds it.
    ///
    /// The open never waits: a named pipe that nothing reads yet is refused at once rather than
    /// blocking the start until a reader comes.
    private static func openEmptied(_ path: FileName) throws(StartError) -> Int32 {
        let descriptor: Int32
        do {
            descriptor = try SystemCall.openWithoutWaiting(
                path, O_WRONLY | O_CREAT | O_CLOEXEC, mode: 0o644)
        } catch let error where error.code == ENXIO && isNamedPipe(path) {
            throw .file(FileError(path: path, reason: "a named pipe that nothing reads yet"))
        } catch {
            throw .file(FileError(path: path, error))
        }
        // A file that cannot be locked at all (a device, a file system without locks) is no
        // session's state file: sessions lock theirs.
        guard (try? SystemCall.tryLock(descriptor, .shared)) ?? true else {
            SystemCall.close(descriptor)
            throw .heldByAnotherSession(path)
        }
        do {
            // Only a regular file has bytes to drop: a FIFO or a device is written as it is.
            if FileKind(irregular: try SystemCall.status(of: descriptor)) == nil {
                try SystemCall.truncate(descriptor, to: 0)
            }
        } catch {
            SystemCall.close(descriptor)
            throw .file(FileError(path: path, error))
        }
        return descriptor
    }

    /// The identity of the regular file this trace writes, `nil` for a pipe, a terminal or a
    /// device: so that `save` does not replace it (a trace on standard error redirected to a
    /// file too).
    package var identity: FileIdentity? { FileIdentity(regularFileOpenAs: descriptor) }

    /// Whether `path` names a FIFO (for the message when opening it finds no reader).
    private static func isNamedPipe(_ path: FileName) -> Bool {
        (try? SystemCall.status(of: path)).map { FileKind(irregular: $0) == .namedPipe } ?? false
    }

    isolated deinit {
        if ownsDescriptor { SystemCall.close(descriptor) }
    }

    /// A trace says how long each action's reducers took (`"ns"`).
    package var wantsTiming: Bool { true }

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
