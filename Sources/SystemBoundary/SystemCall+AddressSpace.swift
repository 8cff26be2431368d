// Role in the data flow: before a session starts, and before a large file is read. How much address
// space a process may map is a limit (`ulimit -v`, read in SystemCall+Limits); the runtime maps a
// stack for every thread it starts and waits for ever when it cannot, and the Swift runtime traps
// when an allocation fails. The app asks here how much room the limit leaves, by trying, and maps
// less where it can: under a limit, the C library's allocator keeps one arena, not one of 64 MiB
// for each thread.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemCall {
    /// Whether this process can map `bytes` more of address space now.
    ///
    /// Found by trying: a range of that size is reserved without access (`PROT_NONE`, which
    /// counts against the limit and takes no memory) and given back at once.
    package static func hasFreeAddressSpace(_ bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        let reserved = mmap(
            nil, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let reserved, reserved != MAP_FAILED else { return false }
        munmap(reserved, bytes)
        return true
    }

    /// How many bytes of address space this process can map now, counted up to `wanted`, to the
    /// MiB below.
    package static func freeAddressSpace(upTo wanted: Int) -> Int {
        guard !hasFreeAddressSpace(wanted) else { return wanted }
        let mebibyte = 1 << 20
        // Halving: the most whole MiB that can be reserved, in a few dozen tries at most.
        var (low, high) = (0, wanted / mebibyte)
        while low < high {
            let middle = (low + high + 1) / 2
            if hasFreeAddressSpace(middle * mebibyte) { low = middle } else { high = middle - 1 }
        }
        return low * mebibyte
    }

    /// The address space each new thread reserves: its stack and its guard page, as the C
    /// library gives a thread started without a size of its own (from `ulimit -s`).
    package static var threadReservation: Int {
        var attributes = pthread_attr_t()
        var stack = 0
        var guardSize = 0
        #if canImport(Glibc)
            // Not in Swift's view of the C library: looked up by name, as C declares it.
            typealias GetDefault = @convention(c) (UnsafeMutablePointer<pthread_attr_t>) -> Int32
            guard let found = cLibraryFunction("pthread_getattr_default_np"),
                unsafeBitCast(found, to: GetDefault.self)(&attributes) == 0
            else { return 8 << 20 }
        #else
            guard pthread_attr_init(&attributes) == 0 else { return 8 << 20 }
        #endif
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_getstacksize(&attributes, &stack)
        pthread_attr_getguardsize(&attributes, &guardSize)
        return stack + guardSize
    }

    /// How many threads this process runs now, the main thread included, or `nil` where the
    /// system does not say (Linux lists them in `/proc/self/task`).
    package static var runningThreads: Int? {
        guard let names = try? entries(of: FileName("/proc/self/task")) else { return nil }
        return names.filter { $0.first != UInt8(ascii: ".") }.count
    }

    /// How many processors are online: the runtime starts a worker thread for each, at most, for
    /// the app's tasks.
    package static var onlineProcessors: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// Has the C library's allocator keep a single arena for every thread, from now on.
    ///
    /// glibc gives each thread that allocates while another does an arena of its own, reserving
    /// 64 MiB of address space for it: under a limit on address space those reservations take the
    /// room the app's lists need, and whether they do depends on timing. One arena makes what a
    /// session maps depend on what it holds. Call it before any other thread starts; elsewhere it
    /// does nothing.
    package static func keepOneMallocArena() {
        #if canImport(Glibc)
            // `mallopt(M_ARENA_MAX, 1)`; neither is in Swift's view of the C library (malloc.h
            // defines M_ARENA_MAX as -8).
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let found = cLibraryFunction("mallopt") else { return }
            _ = unsafeBitCast(found, to: Mallopt.self)(-8, 1)
        #endif
    }

    /// The C library's function called `name`, which Swift's view of the library leaves out (it
    /// is declared only for `_GNU_SOURCE`, or only in `malloc.h`); `nil` where there is none.
    private static func cLibraryFunction(_ name: String) -> UnsafeMutableRawPointer? {
        guard let program = dlopen(nil, RTLD_NOW) else { return nil }
        defer { dlclose(program) }
        return dlsym(program, name)
    }
}
