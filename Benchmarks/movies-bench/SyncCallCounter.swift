// Role in the benchmark: a cross-check from outside the process. The state-file section counts the
// journal's `fsync` calls in-process; when `strace` is installed, it also counts the ones the built
// binary really makes, so the two can be compared. Nothing depends on it: without `strace`, the
// figure is simply absent.

import Foundation

/// Counts the `fsync` and `fdatasync` calls of a `movies` run with `strace -c`.
struct SyncCallCounter {
    let strace: URL

    /// The counter, if an `strace` is on the `PATH`.
    static func available() -> SyncCallCounter? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("strace")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return SyncCallCounter(strace: candidate)
            }
        }
        return nil
    }

    /// Runs `movies arguments` under `strace` with `input` piped in; returns the number of sync
    /// calls of the process and its threads, or `nil` if `strace` could not trace it (a
    /// container may forbid `ptrace`).
    func count(
        _ binary: MoviesBinary, _ arguments: [String], input: Data, in directory: URL
    ) -> Int? {
        let summary = directory.appendingPathComponent("strace-summary")
        let launcher = [
            strace.path, "-qq", "-f", "-c", "-o", summary.path, "-e", "trace=fsync,fdatasync",
        ]
        guard (try? binary.run(arguments, input: input, in: directory, launcher: launcher)) != nil,
            let data = try? Data(contentsOf: summary)
        else { return nil }
        return Self.syncCalls(in: String(decoding: data, as: UTF8.self))
    }

    /// The calls column of the `fsync` and `fdatasync` rows of an `strace -c` table, summed.
    ///
    /// A row reads `% time, seconds, usecs/call, calls, [errors,] syscall`; a call never made has
    /// no row. `nil` if the text is not such a table at all.
    static func syncCalls(in table: String) -> Int? {
        guard table.contains("syscall") else { return nil }
        var calls = 0
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard let name = fields.last, name == "fsync" || name == "fdatasync",
                fields.count >= 5, let count = Int(fields[3])
            else { continue }
            calls += count
        }
        return calls
    }
}
