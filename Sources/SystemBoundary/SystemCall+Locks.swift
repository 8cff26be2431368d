// Role in the data flow: one process per state file. A session holds its state file's lock for as
// long as it runs; every other process asks for it before it writes that file, and refuses when
// another session holds it.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemCall {
    /// The two kinds of `flock(2)` lock.
    package enum Lock: Sendable {
        /// Many processes may hold it at once; refused while one holds the exclusive lock.
        case shared
        /// One process holds it; refused while any other holds either kind.
        case exclusive

        fileprivate var operation: Int32 {
            switch self {
            case .shared: return LOCK_SH
            case .exclusive: return LOCK_EX
            }
        }
    }

    /// `flock(2)` without waiting: takes `lock` on the file open as `descriptor`; `false` when
    /// another open file description holds a lock that excludes it.
    package static func tryLock(_ descriptor: Int32, _ lock: Lock) throws(SystemCallError)
        -> Bool
    {
        do {
            _ = try checked("flock") { flock(descriptor, lock.operation | LOCK_NB) }
            return true
        } catch let error where error.code == EWOULDBLOCK {
            return false
        }
    }

    /// `flock(2)`: gives back the lock this process holds on `descriptor`.
    package static func unlock(_ descriptor: Int32) throws(SystemCallError) {
        _ = try checked("flock") { flock(descriptor, LOCK_UN) }
    }
}
