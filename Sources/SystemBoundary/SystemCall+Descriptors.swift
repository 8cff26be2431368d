// Role in the data flow: the first and last call on every file the app opens. A catalog, a state
// file, a trace and the temporary file of an atomic write are each opened here, with the error
// naming the call when the system refuses, and closed here. Standard input is read through a
// duplicate of its own, and a closed standard descriptor is filled before anything opens a file.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemCall {
    /// `open(2)`: a descriptor of the file at `path`, opened with `flags` (and created with
    /// `mode` when `flags` has `O_CREAT`).
    package static func open(_ path: FileName, _ flags: Int32, mode: mode_t = 0)
        throws(SystemCallError) -> Int32
    {
        try path.withCString { name throws(SystemCallError) in
            try checked("open") { openFile(name, flags, mode) }
        }
    }

    /// `open(2)` of a path the app did not just create, which never waits: opened with
    /// `O_NONBLOCK`, so that a FIFO put in a file's place cannot hold the open for ever (one
    /// with no writer opens at once for reading; one with no reader fails with `ENXIO` for
    /// writing), then made blocking again for its reads and writes.
    package static func openWithoutWaiting(_ path: FileName, _ flags: Int32, mode: mode_t = 0)
        throws(SystemCallError) -> Int32
    {
        let descriptor = try open(path, flags | O_NONBLOCK, mode: mode)
        do {
            try makeBlocking(descriptor)
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// `close(2)`: gives `descriptor` back.
    ///
    /// Its result is not reported: the descriptor is gone whatever `close` returns (on Linux even
    /// after `EINTR`, so it is never retried), and every file the app writes was `fsync`ed
    /// before, so a late error could only repeat what the `fsync` said.
    package static func close(_ descriptor: Int32) {
        _ = closeFile(descriptor)
    }

    /// `fcntl(2)` `F_DUPFD_CLOEXEC`: a new descriptor for the file open as `descriptor`,
    /// closed on `exec` (so no child process inherits it).
    package static func duplicate(_ descriptor: Int32) throws(SystemCallError) -> Int32 {
        try checked("fcntl") { fcntl(descriptor, F_DUPFD_CLOEXEC, 0) }
    }

    /// `dup2(2)`: makes `target` a descriptor for the file open as `descriptor` (closing what
    /// `target` was open on).
    package static func duplicate(_ descriptor: Int32, onto target: Int32)
        throws(SystemCallError)
    {
        _ = try checked("dup2") { dup2(descriptor, target) }
    }

    /// `fcntl(2)` `F_GETFD`: whether `descriptor` is open (`EBADF` says it is not).
    package static func isOpen(_ descriptor: Int32) -> Bool {
        do {
            _ = try checked("fcntl") { fcntl(descriptor, F_GETFD) }
            return true
        } catch {
            return error.code != EBADF
        }
    }

    /// `fcntl(2)` `F_SETFD`: closes `descriptor` on `exec`, so no child process inherits it.
    package static func closeOnExec(_ descriptor: Int32) throws(SystemCallError) {
        _ = try checked("fcntl") { fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    }

    /// `fcntl(2)`: makes reads and writes on `descriptor` block again after an `O_NONBLOCK`
    /// open (which only kept the open itself from waiting on a FIFO).
    package static func makeBlocking(_ descriptor: Int32) throws(SystemCallError) {
        let flags = try checked("fcntl") { fcntl(descriptor, F_GETFL) }
        _ = try checked("fcntl") { fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    }

    /// `fcntl(2)`: makes every write to `descriptor` land at the file's end, wherever that is
    /// then (`O_APPEND`), as a descriptor opened with that flag does.
    package static func makeAppending(_ descriptor: Int32) throws(SystemCallError) {
        let flags = try checked("fcntl") { fcntl(descriptor, F_GETFL) }
        _ = try checked("fcntl") { fcntl(descriptor, F_SETFL, flags | O_APPEND) }
    }
}

/// `open(2)`, under a name no method shadows.
private func openFile(_ name: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(name, flags, mode)
}

/// `close(2)`, under a name no method shadows.
private func closeFile(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
