// Role in the data flow: before a session starts. How many files a process may have open at once
// is a limit (`ulimit -n`), and so is how much address space it may map (`ulimit -v`); the
// runtime's event machinery takes descriptors of its own when it first needs them, and traps when
// it gets none. The app counts what it may still open, and raises its own limits when the system
// lets it, before anything takes one.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemCall {
    /// `getrlimit(2)` `RLIMIT_NOFILE`: the soft limit on open descriptors (the one that holds)
    /// and the hard limit (the most the soft one may be raised to); `Int.max` for no limit.
    package static func openFileLimit() throws(SystemCallError) -> (soft: Int, hard: Int) {
        try limit(of: resourceOpenFiles)
    }

    /// `setrlimit(2)` `RLIMIT_NOFILE`: makes `soft` the soft limit on open descriptors
    /// (`Int.max` for none), keeping the hard limit (which `soft` may not pass).
    package static func setOpenFileLimit(soft: Int) throws(SystemCallError) {
        try setSoftLimit(soft, of: resourceOpenFiles)
    }

    /// `getrlimit(2)` `RLIMIT_AS`: the soft limit on the address space, in bytes, and the hard
    /// limit; `Int.max` for none.
    package static func addressSpaceLimit() throws(SystemCallError) -> (soft: Int, hard: Int) {
        try limit(of: resourceAddressSpace)
    }

    /// `setrlimit(2)` `RLIMIT_AS`: makes `soft` bytes the soft limit on the address space,
    /// keeping the hard limit (which `soft` may not pass).
    package static func setAddressSpaceLimit(soft: Int) throws(SystemCallError) {
        try setSoftLimit(soft, of: resourceAddressSpace)
    }

    /// The soft and hard limits on `resource`; `Int.max` for none.
    private static func limit(of resource: Resource) throws(SystemCallError)
        -> (soft: Int, hard: Int)
    {
        var limit = rlimit()
        _ = try checked("getrlimit") { getrlimit(resource, &limit) }
        return (count(limit.rlim_cur), count(limit.rlim_max))
    }

    /// Makes `soft` the soft limit on `resource` (`Int.max` for none), keeping the hard limit.
    private static func setSoftLimit(_ soft: Int, of resource: Resource) throws(SystemCallError) {
        var limit = rlimit()
        _ = try checked("getrlimit") { getrlimit(resource, &limit) }
        limit.rlim_cur = soft == Int.max ? rlim_t.max : rlim_t(soft)
        _ = try checked("setrlimit") { setrlimit(resource, &limit) }
    }

    /// How many more descriptors this process can open now, counted up to `wanted`.
    ///
    /// Counted by trying: a standard descriptor is duplicated until the system refuses or
    /// `wanted` copies are open, and every copy is closed again. Trying counts what the limit
    /// alone would not tell: the descriptors the process inherited open, wherever they are.
    /// When no standard descriptor is open, nothing can be duplicated, and `wanted` is returned.
    package static func freeDescriptors(upTo wanted: Int) -> Int {
        guard
            let source = [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO].first(where: isOpen)
        else { return wanted }
        var copies: [Int32] = []
        defer { for copy in copies { close(copy) } }
        while copies.count < wanted, let copy = try? duplicate(source) {
            copies.append(copy)
        }
        return copies.count
    }

    /// A limit as a count: `RLIM_INFINITY` (all bits set on Linux, `Int.max` on Darwin), and
    /// anything past `Int`, is `Int.max`.
    private static func count(_ limit: rlim_t) -> Int {
        Int(clamping: limit)
    }
}

/// A resource as `getrlimit` and `setrlimit` take it: Glibc imports the names as enum cases.
#if canImport(Glibc)
    private typealias Resource = __rlimit_resource_t
    private let resourceOpenFiles = Resource(RLIMIT_NOFILE.rawValue)
    private let resourceAddressSpace = Resource(RLIMIT_AS.rawValue)
#else
    private typealias Resource = Int32
    private let resourceOpenFiles = RLIMIT_NOFILE
    private let resourceAddressSpace = RLIMIT_AS
#endif
