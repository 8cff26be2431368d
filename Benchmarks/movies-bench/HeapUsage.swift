// Role in the benchmark: memory held, to the byte. The undo section asks how much one history entry
// keeps alive. Resident memory moves in pages and keeps what the allocator once had, so it cannot
// tell 60 bytes from 0; the allocator's own count of the bytes it has handed out and not taken
// back can. Two readings around some work give what that work still holds.

import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The heap's bytes in use, as glibc's allocator counts them.
enum HeapUsage {
    /// Bytes in use in every arena plus the blocks served by `mmap`, or `nil` where the C library
    /// has no glibc `malloc_stats`.
    ///
    /// glibc keeps exact counts (the figures `mallinfo2` returns), but `<malloc.h>` is not part of
    /// the `Glibc` module Swift imports. `void malloc_stats(void)` is the one call that reports
    /// them with a signature Swift can call through `dlsym`; it prints them on stderr, so stderr
    /// is pointed at a pipe for the call and the "in use bytes" of its total is read back.
    /// glibc prints that total as an `unsigned int`: compare readings with `difference`.
    ///
    /// Every thread counts, not only the one measuring (on Linux the main actor's jobs need not
    /// run on the main thread's arena), so a worker thread that allocates or frees during a
    /// measurement is in it too: repeat a measurement and take the median.
    ///
    /// The first reading in a process also counts what the C library sets up for the call
    /// itself; `start()` takes it once, before anything is measured.
    static func bytesInUse() -> Int? {
        guard let report = mallocStatsReport() else { return nil }
        // The last "in use bytes" line is the "Total (incl. mmap)" one.
        guard
            let line = report.split(separator: "\n").last(where: { $0.hasPrefix("in use bytes") }),
            let equals = line.firstIndex(of: "=")
        else { return nil }
        return Int(line[line.index(after: equals)...].filter { $0 != " " })
    }

    /// Takes the one-time cost of the first reading, so later differences hold only the work.
    static func start() {
        _ = bytesInUse()
    }

    /// `after - before` for two readings, correct across glibc's 32-bit wrap as long as the real
    /// difference is within ±2 GiB.
    static func difference(_ after: Int, _ before: Int) -> Int {
        Int(Int32(truncatingIfNeeded: after &- before))
    }

    private typealias MallocStats = @convention(c) () -> Void

    /// What `malloc_stats()` prints, captured from stderr.
    private static func mallocStatsReport() -> String? {
        guard let library = dlopen(nil, RTLD_NOW),
            let symbol = dlsym(library, "malloc_stats")
        else { return nil }
        let mallocStats = unsafeBitCast(symbol, to: MallocStats.self)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        let savedError = dup(STDERR_FILENO)
        guard savedError >= 0, dup2(ends[1], STDERR_FILENO) >= 0 else {
            close(ends[0])
            close(ends[1])
            if savedError >= 0 { close(savedError) }
            return nil
        }
        // The report is a few hundred bytes per arena, far below a pipe's buffer, so writing it
        // all before reading cannot block.
        mallocStats()
        dup2(savedError, STDERR_FILENO)
        close(savedError)
        close(ends[1])
        var report: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = SystemCall.retrying {
                buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            }
            guard count > 0 else { break }
            report += buffer[..<count]
        }
        close(ends[0])
        return String(decoding: report, as: UTF8.self)
    }
}
