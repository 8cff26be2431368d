// Runs the built `movies` binary as a user's shell would: arguments, a pipe for stdin, and
// captured stdout, stderr and exit status. End-to-end tests use nothing else.

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one run of the binary produced.
struct MoviesRun: Sendable {
    var stdout: String
    var stderr: String
    /// The exit status, or the signal number if `signalled`.
    var status: Int32
    var signalled: Bool

    var stdoutLines: [String] { Self.lines(stdout) }
    var stderrLines: [String] { Self.lines(stderr) }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

enum MoviesProcess {
    /// The `movies` binary that `swift test` built next to the test bundle.
    static let binary: URL? = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("movies")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    struct BinaryNotFound: Error {}

    /// Starts `movies` with `arguments`, writes `input` to its stdin through a pipe and closes it,
    /// then waits for the process to end.
    static func run(
        _ arguments: [String],
        input: String = "",
        directory: URL? = nil
    ) async throws -> MoviesRun {
        guard let binary else { throw BinaryNotFound() }
        // The binary may quit before reading all input; a write to its closed pipe must not kill
        // the test process.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let stdin = Pipe()
        let stdoutFile = try temporaryFile()
        let stderrFile = try temporaryFile()
        process.standardInput = stdin
        process.standardOutput = try FileHandle(forWritingTo: stdoutFile)
        process.standardError = try FileHandle(forWritingTo: stderrFile)

        try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
                return
            }
            let writer = stdin.fileHandleForWriting
            let data = Data(input.utf8)
            Thread.detachNewThread {
                try? writer.write(contentsOf: data)
                try? writer.close()
            }
        }
        return MoviesRun(
            stdout: try String(contentsOf: stdoutFile, encoding: .utf8),
            stderr: try String(contentsOf: stderrFile, encoding: .utf8),
            status: process.terminationStatus,
            signalled: process.terminationReason == .uncaughtSignal
        )
    }

    private static func temporaryFile() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("movies-e2e-\(UUID().uuidString).txt")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return url
    }
}
