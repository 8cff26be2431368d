// Runs the built `movies` binary from a shell command line, for what only a shell sets up simply:
// closed descriptors (`<&-`), output to /dev/full, a directory as stdin, a pipeline into `head`.

import Foundation
import MoviesTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `/bin/sh -c` run in which `"$MOVIES"` is the built binary.
enum ShellRun {
    /// Runs `script` with stdin from /dev/null (unless the script redirects it) and `environment`
    /// added, and waits for it to end (a minute at most: then the shell is killed, and the test
    /// fails); stdout and stderr are the shell's, so the script's own redirections decide what
    /// they hold.
    static func run(_ script: String, environment: [String: String] = [:]) async throws
        -> MoviesRun
    {
        guard let binary = MoviesProcess.binary else { throw MoviesProcess.BinaryNotFound() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stdoutFile = URL(fileURLWithPath: directory.path("stdout"))
        let stderrFile = URL(fileURLWithPath: directory.path("stderr"))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = ProcessInfo.processInfo.environment.merging(
            environment.merging(["MOVIES": binary.path]) { $1 }
        ) { $1 }
        let (exitStream, exitSink) = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in
            exitSink.yield()
            exitSink.finish()
        }
        try spawn(process, stdout: stdoutFile, stderr: stderrFile)
        // A shell that hangs (the binary it runs, with `exec`) is killed, and the test fails.
        let limit = ProcessWatchdog.defaultLimit
        let watchdog = ProcessWatchdog(pid: process.processIdentifier, limit: limit)
        for await _ in exitStream { break }
        if watchdog.stop() {
            Issue.record("the shell was still running after \(limit); it was killed")
        }
        let (status, signalled) = await process.endState()
        return MoviesRun(
            stdout: (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "",
            status: status,
            signalled: signalled
        )
    }

    /// Starts `process` with stdin from /dev/null and stdout and stderr into the given files.
    private static func spawn(_ process: Process, stdout: URL, stderr: URL) throws {
        // The same lock as `MoviesProcess`: no child may inherit another test's pipe ends.
        MoviesProcess.spawnLock.lock()
        defer { MoviesProcess.spawnLock.unlock() }
        for file in [stdout, stderr] {
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown)
            }
        }
        let handles = [
            try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/null")),
            try FileHandle(forWritingTo: stdout),
            try FileHandle(forWritingTo: stderr),
        ]
        for handle in handles {
            _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        process.standardInput = handles[0]
        process.standardOutput = handles[1]
        process.standardError = handles[2]
        try process.run()
        for handle in handles { try handle.close() }
    }
}
