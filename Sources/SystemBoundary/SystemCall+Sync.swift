// Role in the data flow: the promise that an edit is on disk. A journal's group commit, an atomic
// write's new file and the directory it was renamed in reach the disk through this call (behind
// `FileSync`, the seam a test makes fail).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemCall {
    /// `fsync(2)`: flushes the file (or directory) open as `descriptor` to disk.
    package static func sync(_ descriptor: Int32) throws(SystemCallError) {
        _ = try checked("fsync") { fsync(descriptor) }
    }
}
