// Role in the benchmark: context for the figures. Timings mean little without the machine and the
// build they came from, so the report opens with both.

import Foundation

/// The machine and build a report was measured on.
struct MachineInfo: Codable, Equatable, Sendable {
    /// The CPU architecture, as `uname -m` prints it.
    var architecture: String
    /// Logical processors available to the process, as `nproc` counts them.
    var cores: Int
    /// The CPU's model name from /proc/cpuinfo, or "unknown".
    var cpuModel: String
    /// "release" or "debug": debug timings are not worth comparing with anything.
    var build: String

    /// The machine this process runs on.
    static func current() -> MachineInfo {
        #if DEBUG
            let build = "debug"
        #else
            let build = "release"
        #endif
        return MachineInfo(
            architecture: architectureName(),
            cores: ProcessInfo.processInfo.activeProcessorCount,
            cpuModel: cpuModelName() ?? "unknown",
            build: build
        )
    }

    private static func architectureName() -> String {
        #if arch(x86_64)
            return "x86_64"
        #elseif arch(arm64)
            return "aarch64"
        #else
            return "unknown"
        #endif
    }

    private static func cpuModelName() -> String? {
        guard let handle = FileHandle(forReadingAtPath: "/proc/cpuinfo"),
            let data = try? handle.readToEnd()
        else { return nil }
        try? handle.close()
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}
