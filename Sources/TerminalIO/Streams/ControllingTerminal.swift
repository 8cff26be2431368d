// Role in the data flow: beside the standard streams, for the one message that must not go to
// standard error. A start refused because standard error is one of the session's own files (the
// state file, the catalog, the file it follows) cannot say why there without writing into the file
// it protects; it says it on the terminal the user started it from, if there is one.
//
//   refusal ─► standard error is a session's file? ─► /dev/tty (or nowhere) ─► status 64

import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal that controls this process's session (`/dev/tty`), where the user who started it
/// reads.
package enum ControllingTerminal {
    /// Writes `text` to the controlling terminal; `false` when the process has none (a job started
    /// by a daemon, a test in a session of its own) or the write failed, and then nothing was
    /// said.
    ///
    /// Only a terminal is ever opened here (`/dev/tty` names no other file), and only for a moment.
    @discardableResult
    package static func write(_ text: String) -> Bool {
        guard
            let descriptor = try? SystemCall.open(
                FileName("/dev/tty"), O_WRONLY | O_NOCTTY | O_CLOEXEC)
        else { return false }
        defer { SystemCall.close(descriptor) }
        return SystemCall.writeAll(text, to: descriptor) == nil
    }
}
