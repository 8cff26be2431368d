// Role in the data flow: under the standard streams. A `read(2)` or `write(2)` on stdin, stdout or
// stderr can fail without anything being wrong: a signal arrived, or the descriptor (shared with
// the shell and whoever started the app) was made non-blocking by someone else. Such a call is
// retried; only a real error reaches the user.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tells a failed call that must be retried from a real error.
enum InterruptedCall {
    /// Whether a read or write on `descriptor` that failed with `code` should be tried again,
    /// having waited, if need be, until the descriptor is ready for `events` (`POLLIN` to read,
    /// `POLLOUT` to write).
    ///
    /// `EINTR` (a signal) is retried at once; `EAGAIN` (a non-blocking descriptor with nothing to
    /// read, or a full pipe) after `poll` says the descriptor is ready. Anything else is an error.
    static func shouldRetry(after code: Int32, on descriptor: Int32, waitingFor events: Int32)
        -> Bool
    {
        switch code {
        case EINTR:
            return true
        case EAGAIN, EWOULDBLOCK:
            var request = pollfd(fd: descriptor, events: Int16(events), revents: 0)
            _ = poll(&request, 1, -1)
            return true
        default:
            return false
        }
    }
}
