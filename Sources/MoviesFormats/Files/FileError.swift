// Role in the data flow: how a failed file operation is reported. Saving, the state file and the
// trace all end up here when the system says no, so every such message names the file and says
// why in the system's own words.

import SystemBoundary

/// A file operation that failed: which file, and why.
package struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path as the user gave it.
    var path: FileName
    /// What went wrong, in words.
    var reason: String

    /// A failure of the system call `error`, in the system's words.
    init(path: FileName, _ error: SystemCallError) {
        self.init(path: path, code: error.code)
    }

    /// A failure described by the system error number `code`, such as `EISDIR`.
    init(path: FileName, code: Int32) {
        self.path = path
        self.reason = SystemCall.reason(code)
    }

    /// A failure described in words.
    init(path: FileName, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `FILE: reason`, with the path made safe for a terminal.
    package var description: String {
        "\(path): \(reason)"
    }
}
