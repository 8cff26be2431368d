// Role in the benchmark: the app as users run it. The state-file section pipes a script into the
// built `movies` executable (SwiftPM builds it before the benchmark, which depends on it) and times
// the whole process, start to exit, as a shell would see it.

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `movies` executable, next to this one in the build folder.
struct MoviesBinary {
    /// What one run produced.
    struct Run {
        /// From starting the process to its exit.
        var nanoseconds: Double
        var stdout: Data
    }

    let url: URL

    /// The `movies` binary beside `movies-bench`, or `nil` if it was not built.
    static func besideThisExecutable() -> MoviesBinary? {
        let benchmark = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let url = benchmark.deletingLastPathComponent().appendingPathComponent("movies")
        guard FileManager.default.isExecutableFile(atPath: url.path) else { return nil }
        return MoviesBinary(url: url)
    }

    /// Runs `movies arguments`, writing `input` into its stdin through a pipe and closing it;
    /// stdout and stderr go to files in `directory`.
    ///
    /// With a `launcher` (`strace …`), that program is run with the binary and the arguments
    /// after its own. The run must end with status 0 and an empty stderr, or the benchmark stops:
    /// a time is only worth reporting for a session that did all its work.
    func run(
        _ arguments: [String], input: Data, in directory: URL, launcher: [String] = []
    ) throws(BenchmarkFailure) -> Run {
        // The child might exit before reading all of its input; writing to its closed pipe must
        // fail with an error, not kill the benchmark.
        signal(SIGPIPE, SIG_IGN)
        let stdoutURL = directory.appendingPathComponent("stdout")
        let stderrURL = directory.appendingPathComponent("stderr")
        let process = Process()
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(launcher.dropFirst()) + [url.path] + arguments
        } else {
            process.executableURL = url
            process.arguments = arguments
        }
        let stdin = Pipe()
        process.standardInput = stdin
        do {
            guard FileManager.default.createFile(atPath: stdoutURL.path, contents: nil),
                FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
            else {
                throw BenchmarkFailure(description: "cannot create files in \(directory.path)")
            }
            process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
            process.standardError = try FileHandle(forWritingTo: stderrURL)
            let stopwatch = Stopwatch()
            try process.run()
            try stdin.fileHandleForWriting.write(contentsOf: input)
            try stdin.fileHandleForWriting.close()
            process.waitUntilExit()
            let nanoseconds = stopwatch.nanoseconds
            let errors = try Data(contentsOf: stderrURL)
            guard process.terminationReason == .exit, process.terminationStatus == 0,
                errors.isEmpty
            else {
                throw BenchmarkFailure(
                    description: "movies \(arguments.joined(separator: " ")) ended with status "
                        + "\(process.terminationStatus): "
                        + String(decoding: errors.prefix(500), as: UTF8.self))
            }
            return Run(nanoseconds: nanoseconds, stdout: try Data(contentsOf: stdoutURL))
        } catch let failure as BenchmarkFailure {
            throw failure
        } catch {
            throw BenchmarkFailure(description: "cannot run \(url.path): \(error)")
        }
    }
}
