// Role in the data flow: the app's reading of lost output. The terminal layer only says that a write
// failed and why; the app decides what that means for the process: which status it exits with and
// the one line it prints, when there is anyone left to print it to.

import SystemBoundary
import TerminalIO

extension OutputFailure {
    /// The status the process exits with: `.brokenPipe` (141) for a reader that left,
    /// `.ioError` (74) for anything else.
    package var exitStatus: ExitStatus {
        switch self {
        case .readerGone: return .brokenPipe
        case .writeFailed: return .ioError
        }
    }

    /// The one line to write on stderr, or `nil` when there is nobody to tell (the reader left)
    /// or nowhere to tell it (stderr itself failed).
    package var report: String? {
        switch self {
        case .readerGone, .writeFailed(.error, _):
            return nil
        case .writeFailed(.standard, let code):
            return ErrorMessage.writeFailure(code)
        }
    }
}
