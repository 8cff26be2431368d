// Role in the data flow: whose temporary file it is. A temporary file is named after the process
// writing it, and a leftover is removed only when that process is gone.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemCall {
    /// `getpid(2)`: this process's id (the call cannot fail).
    package static var processID: Int32 {
        getpid()
    }

    /// `kill(2)` with no signal: whether a process with id `pid` exists (one of another user
    /// counts: the call is refused with `EPERM`, not `ESRCH`).
    package static func processExists(_ pid: Int32) -> Bool {
        do {
            _ = try checked("kill") { kill(pid, 0) }
            return true
        } catch {
            return error.code != ESRCH
        }
    }
}
