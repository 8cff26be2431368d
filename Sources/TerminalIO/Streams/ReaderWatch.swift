// Role in the data flow: beside the end of the line. A program usually learns that the reader of
// its output has gone when a write fails (`EPIPE`); an app that is waiting for input or for a fetch
// writes nothing, so it would linger on with nobody to show anything to. This watch notices at
// once: a thread of its own polls the writing end, where the system reports an error as soon as
// the last reader of a pipe (or the peer of a socket) is gone.
//
//   stdout (a pipe) ─► ReaderWatch (its own thread, poll) ─► StandardStreams: readerGone ─► 141

import Foundation
import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Waits, on a thread of its own, for the reader of a pipe or socket this process writes to to
/// go away, and says so once.
///
/// `poll(2)` with no events asked for still reports `POLLERR` (a pipe whose readers are all gone)
/// and `POLLHUP` (a socket whose peer closed), and wakes as soon as that happens: nothing has to
/// be written to find out. The thread ends when the reader goes or when the watch is released.
package final class ReaderWatch: Sendable {
    /// The writing end of the pipe that wakes the thread: closing it ends the watch.
    private let stopper: Int32

    /// Starts watching `descriptor`, which must stay open while it is watched (the process's
    /// stdout and stderr are never closed); `onGone` is called once, on the watch's thread, if
    /// its reader goes.
    ///
    /// `nil` when `descriptor` is neither a pipe nor a socket: a file or a terminal has no
    /// reader that could leave (a terminal that goes away sends SIGHUP). `nil`, too, when the
    /// watch cannot be set up (`fstat` or `pipe` fails): the reader's leaving is then noticed
    /// at the next write, as without a watch.
    package init?(descriptor: Int32, onGone: @escaping @Sendable () -> Void) {
        guard let status = try? SystemCall.status(of: descriptor) else { return nil }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFIFO || kind == S_IFSOCK, let ends = try? SystemCall.makePipe() else {
            return nil
        }
        stopper = ends.write
        let stopped = ends.read
        let thread = Thread {
            defer { SystemCall.close(stopped) }
            if Self.waitForReaderToLeave(descriptor, unlessReadable: stopped) { onGone() }
        }
        thread.name = "reader watch"
        thread.start()
    }

    deinit {
        SystemCall.close(stopper)
    }

    /// Blocks until `descriptor` reports that its reader is gone (`true`) or `stopped` becomes
    /// readable or hung up, which ends the watch (`false`).
    private static func waitForReaderToLeave(_ descriptor: Int32, unlessReadable stopped: Int32)
        -> Bool
    {
        var watched = [
            pollfd(fd: descriptor, events: 0, revents: 0),
            pollfd(fd: stopped, events: Int16(POLLIN), revents: 0),
        ]
        let ready = (try? SystemCall.pollReady(&watched, timeout: -1)) ?? 0
        guard ready > 0, watched[1].revents == 0 else { return false }
        return watched[0].revents & Int16(POLLERR | POLLHUP) != 0
    }
}
