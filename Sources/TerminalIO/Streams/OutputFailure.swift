// Role in the data flow: the end of the line, when it breaks. `StandardStreams` turns a failed
// `write(2)` into an `OutputFailure`; the app then stops reading input (nothing it does can be
// shown any more) and exits with the failure's status instead of claiming success (the app's
// `OutputFailure+ExitStatus.swift` says which status, and what to tell the user).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why output was lost.
package enum OutputFailure: Equatable, Sendable {
    /// The reader of `channel` closed its end of the pipe (`EPIPE`): nobody is left to tell.
    case readerGone(OutputChannel)
    /// Writing to `channel` failed with `errno`: a full disk (`ENOSPC`), a closed descriptor
    /// (`EBADF`), an I/O error (`EIO`).
    case writeFailed(OutputChannel, errno: Int32)

    /// Classifies the `errno` of a failed write to `channel`.
    package init(channel: OutputChannel, errno code: Int32) {
        self = code == EPIPE ? .readerGone(channel) : .writeFailed(channel, errno: code)
    }
}
