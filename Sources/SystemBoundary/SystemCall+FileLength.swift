// Role in the data flow: a state file's end. A torn last journal line is cut off before the journal
// grows again, and the next line is appended where the good ones end.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemCall {
    /// `ftruncate(2)`: makes the file open as `descriptor` exactly `length` bytes long.
    package static func truncate(_ descriptor: Int32, to length: Int) throws(SystemCallError) {
        _ = try checked("ftruncate") { ftruncate(descriptor, off_t(length)) }
    }

    /// `lseek(2)`: moves `descriptor`'s offset to the end of its file, where writes append.
    package static func seekToEnd(_ descriptor: Int32) throws(SystemCallError) {
        _ = try checked("lseek") { lseek(descriptor, 0, SEEK_END) }
    }
}
