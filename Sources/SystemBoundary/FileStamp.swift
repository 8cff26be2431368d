// Role in the data flow: none of its own; a check beside `FileIdentity`. Whether the file at a name
// changed since it was last looked at, without reading it: which file it is, how long, and when its
// contents and its status last changed. A follower that gave a file up (damaged) looks at it again
// once its stamp differs, even when it is the same file, restored in place.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's identity, length and change times at one moment.
///
/// Two stamps that differ are two states of the file. Two that are equal are one as far as the
/// file system can tell without reading the bytes: a change that keeps the length within one tick
/// of its clock (a few milliseconds on some file systems) is not seen.
package struct FileStamp: Equatable {
    /// Which file (device and inode).
    package let identity: FileIdentity
    private let length: Int64
    /// When the contents last changed, in nanoseconds since the epoch.
    private let modified: Int64
    /// When the contents or the status last changed (no program can set it back), in
    /// nanoseconds since the epoch.
    private let changed: Int64

    /// The stamp of what `status` describes.
    package init(_ status: stat) {
        identity = FileIdentity(status)
        length = Int64(status.st_size)
        #if canImport(Glibc)
            modified = Self.nanoseconds(status.st_mtim)
            changed = Self.nanoseconds(status.st_ctim)
        #else
            modified = Self.nanoseconds(status.st_mtimespec)
            changed = Self.nanoseconds(status.st_ctimespec)
        #endif
    }

    /// The stamp of the file at `path` (links followed), or `nil` when there is none.
    package init?(path: FileName) {
        guard let status = try? SystemCall.status(of: path) else { return nil }
        self.init(status)
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }
}
