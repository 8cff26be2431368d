// Role in the benchmark: memory, measured where nothing else interferes. Peak resident size depends
// on what the allocator already holds: in the benchmark's own process, freed catalogs from earlier
// rounds (kept by one thread's arena but not another's) would flatter one side and penalize the
// other. So each load is measured once in a fresh child process (this executable, started again
// with a hidden option) that does nothing else.

import Foundation

/// Peak resident memory of one load, measured in a child process.
enum MemoryProbe {
    /// What the child loads.
    enum Subject: String, Codable, Equatable, Sendable {
        /// The app's load: `refresh()`, fetch, decode, validate, reduce, first render.
        case app
        /// The baseline: `Data(contentsOf:)` and `JSONDecoder`.
        case bare
    }

    /// What the child reports.
    struct Figures: Codable, Equatable, Sendable {
        /// Resident memory once the child is up, just before it loads.
        var residentBeforeBytes: Int
        /// The child's peak resident memory, which the load sets.
        var peakResidentBytes: Int
    }

    /// The hidden option that makes `movies-bench` the child: `--memory-probe SUBJECT FILE N`.
    static let option = "--memory-probe"

    /// Starts this executable as a child that loads the `count`-movie catalog at `url` as
    /// `subject` says, and returns what it measured.
    static func measure(
        _ subject: Subject, catalog url: URL, count: Int
    ) throws(BenchmarkFailure) -> Figures {
        let process = Process()
        process.executableURL =
            Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = [option, subject.rawValue, url.path, String(count)]
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
            let data = try pipe.fileHandleForReading.readToEnd() ?? Data()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw BenchmarkFailure(
                    description: "memory probe (\(subject)) exited with "
                        + "\(process.terminationStatus)")
            }
            return try JSONDecoder().decode(Figures.self, from: data)
        } catch let failure as BenchmarkFailure {
            throw failure
        } catch {
            throw BenchmarkFailure(description: "memory probe (\(subject)) failed: \(error)")
        }
    }

    /// The child's side: loads once, prints the `Figures` as JSON, and returns the exit status.
    @MainActor
    static func runChild(_ subject: Subject, catalog url: URL, count: Int) async -> Int32 {
        let before = MemoryUsage.residentBytes() ?? 0
        do {
            switch subject {
            case .app: _ = try await LoadBenchmark.loadThroughApp(url, expecting: count)
            case .bare: _ = try LoadBenchmark.decodeBare(url, expecting: count)
            }
        } catch {
            FileHandle.standardError.write(Data("movies-bench: \(error)\n".utf8))
            return 1
        }
        let figures = Figures(
            residentBeforeBytes: before, peakResidentBytes: MemoryUsage.peakResidentBytes())
        guard let json = try? JSONEncoder().encode(figures) else { return 1 }
        FileHandle.standardOutput.write(json)
        return 0
    }
}
