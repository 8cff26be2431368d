// Role in the benchmark: section 4, the first screen. A generated catalog is written to a temporary
// file and loaded the way the app loads it: `refresh()` on the store, the fake API reading and
// validating the file off the main actor, the reducer taking the list, and the view drawing every
// row. The baseline is the least any app could do with that file: read it and decode it with
// `JSONDecoder`. Peak memory of each is set against the size of the list it produces.

import Foundation
import MoviesCore
import MoviesFormats
import MoviesTestSupport
import MoviesViews
import SystemBoundary

/// Time and memory to fetch, decode and first draw a large catalog.
@MainActor
enum LoadBenchmark {
    /// The figures for one catalog.
    struct Result: Codable, Equatable, Sendable {
        var movies: Int
        var fileBytes: Int
        var rounds: Int
        /// Best round, in nanoseconds: the whole load through the app, and the bare decode.
        var loadNanoseconds: Double
        var decodeNanoseconds: Double
        /// Median rounds, to show the spread.
        var loadMedianNanoseconds: Double
        var decodeMedianNanoseconds: Double
        /// Load over decode: the median of the rounds' ratios (see `Samples.medianRatio(to:)`).
        var ratio: Double
        var targetRatio: Double
        /// Bytes the first render wrote (the loading line, every row, the loaded line).
        var firstRenderBytes: Int
        /// Estimated heap size of the decoded list: elements plus out-of-line title storage.
        var decodedBytes: Int
        /// Resident memory of a fresh process that loads the catalog through the app, just
        /// before the load and at its peak.
        var loadResidentBeforeBytes: Int
        var loadPeakResidentBytes: Int
        /// The same for a fresh process that only decodes it.
        var decodeResidentBeforeBytes: Int
        var decodePeakResidentBytes: Int
        /// How much resident memory each added at its peak, over the size of the list it made;
        /// the bare decode's is the floor any load of this file starts from.
        var loadPeakGrowthFactor: Double
        var decodePeakGrowthFactor: Double
    }

    /// Writes a `count`-movie catalog to a temporary file, measures `rounds` loads and `rounds`
    /// bare decodes of it, interleaved, then one of each in a child process for memory.
    static func run(
        movies count: Int, rounds: Int, targetRatio: Double, seed: UInt64
    ) async throws(BenchmarkFailure) -> Result {
        var generator = SeededGenerator(seed: seed)
        let movies = SyntheticCatalog.movies(count: count, using: &generator)
        let decodedBytes = SyntheticCatalog.heapBytes(of: movies)
        let json = Catalog.jsonLine(movies)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "movies-bench-\(ProcessInfo.processInfo.processIdentifier)-\(count).json")
        do {
            try Data(json.utf8).write(to: url)
        } catch {
            throw BenchmarkFailure(description: "load: cannot write \(url.path): \(error)")
        }
        defer { try? FileManager.default.removeItem(at: url) }
        guard (try? Catalog.load(path: FileName(url.path))) == movies else {
            throw BenchmarkFailure(description: "load: the catalog file does not read back")
        }

        // One untimed load of each kind first: the first decode in a process also pays for
        // one-time work (generic metadata, the decoder's caches) that no later load repeats.
        _ = try decodeBare(url, expecting: count)
        _ = try await loadThroughApp(url, expecting: count)

        var load = Samples()
        var decode = Samples()
        var firstRenderBytes = 0
        for round in 0..<rounds {
            // Alternate which side goes first, so that neither always finds the file's pages
            // and the allocator's free lists in the state the other left them in.
            if round % 2 == 0 {
                decode.append(try decodeBare(url, expecting: count))
                let (nanoseconds, bytes) = try await loadThroughApp(url, expecting: count)
                load.append(nanoseconds)
                firstRenderBytes = bytes
            } else {
                let (nanoseconds, bytes) = try await loadThroughApp(url, expecting: count)
                load.append(nanoseconds)
                firstRenderBytes = bytes
                decode.append(try decodeBare(url, expecting: count))
            }
        }
        let appMemory = try MemoryProbe.measure(.app, catalog: url, count: count)
        let bareMemory = try MemoryProbe.measure(.bare, catalog: url, count: count)
        func growth(_ figures: MemoryProbe.Figures) -> Double {
            Double(figures.peakResidentBytes - figures.residentBeforeBytes)
                / Double(max(decodedBytes, 1))
        }
        return Result(
            movies: count,
            fileBytes: json.utf8.count,
            rounds: rounds,
            loadNanoseconds: load.best,
            decodeNanoseconds: decode.best,
            loadMedianNanoseconds: load.median,
            decodeMedianNanoseconds: decode.median,
            ratio: load.medianRatio(to: decode),
            targetRatio: targetRatio,
            firstRenderBytes: firstRenderBytes,
            decodedBytes: decodedBytes,
            loadResidentBeforeBytes: appMemory.residentBeforeBytes,
            loadPeakResidentBytes: appMemory.peakResidentBytes,
            decodeResidentBeforeBytes: bareMemory.residentBeforeBytes,
            decodePeakResidentBytes: bareMemory.peakResidentBytes,
            loadPeakGrowthFactor: growth(appMemory),
            decodePeakGrowthFactor: growth(bareMemory)
        )
    }

    /// One load as the app does it, from `refresh()` until the list has been drawn; returns the
    /// time and the bytes drawn.
    ///
    /// The fake API runs with no latency, so what is timed is reading, decoding, validating,
    /// reducing and drawing, plus the hops between the main actor and the API's actor.
    static func loadThroughApp(
        _ url: URL, expecting count: Int
    ) async throws(BenchmarkFailure) -> (nanoseconds: Double, bytes: Int) {
        let output = CountingOutput(countsLines: false)
        let viewModel = MoviesViewModel(
            api: FakeMoviesAPI(catalogPath: FileName(url.path), latency: .zero))
        let view = MoviesViewController(viewModel: viewModel, output: output)
        defer { view.detach() }
        let stopwatch = Stopwatch()
        viewModel.refresh()
        await viewModel.waitForFetch()
        let nanoseconds = stopwatch.nanoseconds
        guard viewModel.state.fetchStatus == .loaded, viewModel.state.movies.count == count else {
            throw BenchmarkFailure(
                description: "load: the app ended with \(viewModel.state.fetchStatus) and "
                    + "\(viewModel.state.movies.count) of \(count) movies")
        }
        return (nanoseconds, output.bytes)
    }

    /// The baseline: read the file and decode it, nothing else; returns the time.
    static func decodeBare(_ url: URL, expecting count: Int) throws(BenchmarkFailure) -> Double {
        let stopwatch = Stopwatch()
        let decoded: [Movie]
        do {
            let data = try Data(contentsOf: url)
            decoded = try JSONDecoder().decode([Movie].self, from: data)
        } catch {
            throw BenchmarkFailure(description: "load: the bare decode failed: \(error)")
        }
        let nanoseconds = stopwatch.nanoseconds
        guard decoded.count == count else {
            throw BenchmarkFailure(
                description: "load: the bare decode read \(decoded.count) movies")
        }
        return nanoseconds
    }
}

extension LoadBenchmark.Result {
    /// Whether loading through the app kept within `targetRatio` of the bare decode.
    var meetsTarget: Bool { ratio <= targetRatio }
}
