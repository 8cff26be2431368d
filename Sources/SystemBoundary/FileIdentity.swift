// Role in the data flow: none of its own; a check the file-handling steps share. Whether two
// names, or a name and an open descriptor, reach the same file: the state file's lock and its
// fold, and the rule that no file is two of a session's files (`save` and the start ask it).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's identity: its device and inode, whatever name or link reached it.
package struct FileIdentity: Equatable {
    private let device: dev_t
    private let inode: ino_t

    /// The identity of what `status` describes.
    package init(_ status: stat) {
        device = status.st_dev
        inode = status.st_ino
    }

    /// The identity of the file at `path` (links followed), or `nil` when there is none.
    package init?(path: FileName) {
        guard let status = try? SystemCall.status(of: path) else { return nil }
        self.init(status)
    }

    /// The identity of the name `path` itself (a link is not followed: its own identity), or
    /// `nil` when there is none.
    package init?(notFollowing path: FileName) {
        guard let status = try? SystemCall.linkStatus(of: path) else { return nil }
        self.init(status)
    }

    /// The identity of the file open as `descriptor`, or `nil` when it cannot be asked.
    package init?(descriptor: Int32) {
        guard let status = try? SystemCall.status(of: descriptor) else { return nil }
        self.init(status)
    }

    /// The identity of the regular file at `path` (links followed), or `nil` when there is none
    /// or it is something else: a terminal, a pipe or a device carries a stream, not a file's
    /// bytes.
    package init?(regularFileAt path: FileName) {
        guard let status = try? SystemCall.status(of: path) else { return nil }
        self.init(regular: status)
    }

    /// The identity of the regular file open as `descriptor`, or `nil` when it cannot be asked
    /// or is something else (a terminal, a pipe, a device).
    package init?(regularFileOpenAs descriptor: Int32) {
        guard let status = try? SystemCall.status(of: descriptor) else { return nil }
        self.init(regular: status)
    }

    /// The identity of what `status` describes, if it is a regular file.
    private init?(regular status: stat) {
        guard status.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(status)
    }
}
