// Role in the data flow: before it starts, and beside `save`. A process can be started with stdin,
// stdout or stderr closed (`app <&-`). The next file it opens would then get that number, and the
// app would read its own runtime's descriptors as input or write its output into a file it
// opened. Filling the three numbers first, before anything opens a file, makes that impossible.

import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps file descriptors 0, 1 and 2 from being handed to files the app opens.
package enum StandardDescriptors {
    /// Opens `/dev/null` read-only on each of descriptors 0, 1 and 2 that is closed.
    ///
    /// Call it first thing in `main`. Read-only for all three, as gnulib's `stdopen` does: a
    /// closed stdin then reads as empty input (no commands, nothing lost), while a write to a
    /// closed stdout or stderr fails with `EBADF`, so output that goes nowhere is reported as an
    /// error (exit status 74) instead of vanishing into `/dev/null` as if it had been written.
    ///
    /// Best effort, and nothing is lost by it: a number that cannot be filled stays closed, and
    /// a write to it fails with `EBADF`, which is reported as any failed write is.
    package static func reopenClosed() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where !SystemCall.isOpen(descriptor) {
            // `open` returns the lowest free number, which is this one: the lower ones are open.
            guard let opened = try? SystemCall.open(FileName("/dev/null"), O_RDONLY),
                opened != descriptor
            else { continue }
            try? SystemCall.duplicate(opened, onto: descriptor)
            SystemCall.close(opened)
        }
    }
}
