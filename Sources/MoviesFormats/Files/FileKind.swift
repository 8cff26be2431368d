// Role in the data flow: a check every file the app reads or replaces passes first. A catalog, a
// state file, a trace and the target of `save` must each be a regular file: a directory cannot be
// read as one, a FIFO would block the read, a device would never end, and replacing either with a
// file would destroy it. This says what a path turned out to be instead.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path that is not a regular file turned out to be.
package enum FileKind: Equatable, Sendable, CustomStringConvertible {
    case directory
    case namedPipe
    case socket
    case characterDevice
    case blockDevice
    /// Anything else the system may report.
    case other

    /// What `status` describes, or `nil` when it is a regular file (the one kind that passes).
    init?(irregular status: stat) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .namedPipe
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        default: self = .other
        }
    }

    /// What it is, for a message: "a directory, not a regular file".
    package var description: String {
        switch self {
        case .directory: return "a directory, not a regular file"
        case .namedPipe: return "a named pipe (FIFO), not a regular file"
        case .socket: return "a socket, not a regular file"
        case .characterDevice: return "a character device, not a regular file"
        case .blockDevice: return "a block device, not a regular file"
        case .other: return "not a regular file"
        }
    }
}
