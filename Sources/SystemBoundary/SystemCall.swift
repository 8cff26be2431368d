// Role in the data flow: under everything that reads or writes. A `read(2)`, `write(2)` or any other
// call into the C library can fail without anything being wrong: a signal arrived (`EINTR`), or a
// descriptor shared with the shell was made non-blocking by someone else (`EAGAIN`). Such a call is
// retried here, in the one retry loop the app has; only a real error reaches the user, in the
// system's own words.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The app's calls into the C library, retried and reported one way.
package enum SystemCall {
    /// What `call` returned once it did not fail for a reason that means "try again".
    ///
    /// `call` is a system call that returns a negative number and sets `errno` on failure; when
    /// this returns such a number, `errno` still holds the reason. `EINTR` (a signal) is retried
    /// at once. With `descriptor`, `EAGAIN` (a non-blocking descriptor with nothing to read, or a
    /// full pipe) is retried after `poll` says the descriptor is ready for `events` (`POLLIN` to
    /// read, `POLLOUT` to write); without it, `EAGAIN` is an error like any other.
    package static func retrying<Result: BinaryInteger>(
        waitingOn descriptor: Int32? = nil, for events: Int32 = 0, _ call: () -> Result
    ) -> Result {
        while true {
            let result = call()
            guard result < 0 else { return result }
            let code = errno
            switch code {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                guard let descriptor else { return result }
                var request = pollfd(fd: descriptor, events: Int16(events), revents: 0)
                _ = poll(&request, 1, -1)
                errno = code
            default:
                return result
            }
        }
    }

    /// What `call`, named `name`, returned once it did not fail with `EINTR`.
    ///
    /// The throwing form of `retrying`, in the style of swift-nio's `Posix`: `call` returns a
    /// negative number and sets `errno` on failure; a signal (`EINTR`) is retried at once, and any
    /// other failure is thrown as a `SystemCallError` naming the call, with `errno` read at once.
    package static func checked<Result: BinaryInteger>(
        _ name: String, _ call: () -> Result
    ) throws(SystemCallError) -> Result {
        while true {
            let result = call()
            guard result < 0 else { return result }
            let code = errno
            guard code == EINTR else { throw SystemCallError(call: name, code: code) }
        }
    }

    /// Writes all of `bytes` to `descriptor`, retrying after signals and partial writes and
    /// waiting while a non-blocking descriptor is full; returns the `errno` of a write that
    /// failed, or `nil` when every byte was written.
    ///
    /// With `SIGPIPE` ignored (the app ignores it), a reader that went away shows up here as
    /// `EPIPE` instead of killing the process in the middle of a write.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = retrying(waitingOn: descriptor, for: Int32(POLLOUT)) {
                write(descriptor, base + offset, bytes.count - offset)
            }
            // `write` returns 0 only for a request of 0 bytes, which this loop never makes.
            guard written > 0 else { return written == 0 ? EIO : errno }
            offset += written
        }
        return nil
    }

    /// Writes all of `bytes` to `descriptor`; see `writeAll(_:to:)` for raw bytes.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    /// Writes all of `text`'s UTF-8 to `descriptor`; see `writeAll(_:to:)` for raw bytes.
    package static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// The system's one-line description of `errno` `code`, such as "No space left on device".
    package static func reason(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
