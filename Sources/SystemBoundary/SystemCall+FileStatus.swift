// Role in the data flow: what a name or a descriptor turns out to be, before anything is read or
// replaced: a regular file or something else, its size, its permissions, its identity.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemCall {
    /// `stat(2)`: the status of the file at `path`, links followed.
    package static func status(of path: FileName) throws(SystemCallError) -> stat {
        var status = stat()
        _ = try path.withCString { name throws(SystemCallError) in
            try checked("stat") { stat(name, &status) }
        }
        return status
    }

    /// `lstat(2)`: the status of `path` itself, a symbolic link not followed.
    package static func linkStatus(of path: FileName) throws(SystemCallError) -> stat {
        var status = stat()
        _ = try path.withCString { name throws(SystemCallError) in
            try checked("lstat") { lstat(name, &status) }
        }
        return status
    }

    /// `fstat(2)`: the status of the file open as `descriptor`.
    package static func status(of descriptor: Int32) throws(SystemCallError) -> stat {
        var status = stat()
        _ = try checked("fstat") { fstat(descriptor, &status) }
        return status
    }

    /// `fchmod(2)`: gives the file open as `descriptor` the permission bits `mode`.
    package static func changeMode(of descriptor: Int32, to mode: mode_t)
        throws(SystemCallError)
    {
        _ = try checked("fchmod") { fchmod(descriptor, mode) }
    }
}
