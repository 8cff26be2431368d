// Role in the benchmark: the memory figures of the load section. Peak resident set size is what
// the kernel had to give the process at worst; it is read from /proc/self/status (`VmHWM`) and,
// where there is no /proc, from `getrusage`.

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's resident memory, current and peak.
enum MemoryUsage {
    /// Resident set size now, in bytes (`VmRSS`), or `nil` where /proc is missing.
    static func residentBytes() -> Int? {
        statusField("VmRSS")
    }

    /// Peak resident set size since the process started, in bytes.
    static func peakResidentBytes() -> Int {
        if let peak = statusField("VmHWM") { return peak }
        var usage = rusage()
        #if canImport(Glibc)
            let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
            let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        #if canImport(Darwin)
            return Int(usage.ru_maxrss)  // bytes on Darwin
        #else
            return Int(usage.ru_maxrss) * 1024  // kibibytes on Linux
        #endif
    }

    /// A `kB` field of /proc/self/status, in bytes.
    private static func statusField(_ name: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/status"),
            let data = try? handle.readToEnd()
        else { return nil }
        try? handle.close()
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }
}
