// Role in the data flow: the end of the line, when it breaks. `StandardStreams` turns a failed
// `write(2)` into an `OutputFailure`; the app then stops reading input (nothing it does can be
// shown any more) and exits with the failure's status instead of claiming success.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why output was lost.
public enum OutputFailure: Equatable, Sendable {
    /// The reader of `channel` closed its end of the pipe (`EPIPE`): nobody is left to tell.
    case readerGone(OutputChannel)
    /// Writing to `channel` failed with `errno`: a full disk (`ENOSPC`), a closed descriptor
    /// (`EBADF`), an I/O error (`EIO`).
    case writeFailed(OutputChannel, errno: Int32)

    /// Classifies the `errno` of a failed write to `channel`.
    public init(channel: OutputChannel, errno code: Int32) {
        self = code == EPIPE ? .readerGone(channel) : .writeFailed(channel, errno: code)
    }

    /// The status the process exits with: `.brokenPipe` (141) for a reader that left,
    /// `.ioError` (74) for anything else.
    public var exitStatus: ExitStatus {
        switch self {
        case .readerGone: return .brokenPipe
        case .writeFailed: return .ioError
        }
    }

    /// The one line to write on stderr, or `nil` when there is nobody to tell (the reader left)
    /// or nowhere to tell it (stderr itself failed).
    public var report: String? {
        switch self {
        case .readerGone, .writeFailed(.error, _):
            return nil
        case .writeFailed(.standard, let code):
            return ErrorMessage.writeFailure(code)
        }
    }
}
