// Role in the data flow: how a failed file operation is reported. Saving, the state file and the
// trace all end up here when the system says no, so every such message names the file and says
// why in the system's own words.

import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file operation that failed: which file, and why.
package struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path as the user gave it.
    package var path: FileName
    /// What went wrong, in words.
    package var reason: String

    /// A failure described by the system error number `errno`.
    package init(path: FileName, errno: Int32) {
        self.path = path
        self.reason = SystemCall.reason(errno)
    }

    /// A failure described in words.
    package init(path: FileName, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `FILE: reason`, with the path made safe for a terminal.
    package var description: String {
        "\(path): \(reason)"
    }
}
