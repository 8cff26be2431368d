// Role in the benchmark: the entry point. It parses the options, runs the suite and prints the
// report as a table or as JSON. The exit status is 0 whether targets were met or not (this is a
// measurement, not a test), 1 if a section could not produce trustworthy figures, 64 for bad
// options.

import Foundation

switch Result(catching: { () throws(BenchmarkOptions.Error) in
    try BenchmarkOptions.parse(Array(CommandLine.arguments.dropFirst()))
}) {
case .failure(let error):
    FileHandle.standardError.write(Data("movies-bench: \(error)\n\n\(BenchmarkOptions.usage)".utf8))
    exit(64)
case .success(.help):
    print(BenchmarkOptions.usage, terminator: "")
case .success(.memoryProbe(let subject, let catalog, let count)):
    exit(
        await MemoryProbe.runChild(
            subject, catalog: URL(fileURLWithPath: catalog), count: count))
case .success(.run(let options)):
    do {
        let report = try await BenchmarkSuite.run(options)
        print(options.json ? report.json() : ReportTable.render(report), terminator: "")
    } catch {
        FileHandle.standardError.write(Data("movies-bench: \(error)\n".utf8))
        exit(1)
    }
}
