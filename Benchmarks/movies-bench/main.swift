// Role in the benchmark: the entry point. It parses the options, runs the suite and prints the
// report as a table, as JSON or as the Markdown page docs/PERFORMANCE.md. The exit status is 0
// whether targets were met or not (this is a measurement, not a test), 1 if a section could not
// produce trustworthy figures, 64 for bad options, 74 if the report could not be written.

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
case .success(.run(let options)) where options.dispatchOnly:
    let plan = options.quick ? BenchmarkPlan.quick : BenchmarkPlan.full
    do {
        let (dispatch, middleware) = try BenchmarkSuite.runDispatch(plan, seed: options.seed)
        print(
            ReportTable.renderDispatch(dispatch, middleware, machine: MachineInfo.current()),
            terminator: "")
    } catch {
        FileHandle.standardError.write(Data("movies-bench: \(error)\n".utf8))
        exit(1)
    }
case .success(.run(let options)):
    let report: BenchmarkReport
    do {
        report = try await BenchmarkSuite.run(options)
    } catch {
        FileHandle.standardError.write(Data("movies-bench: \(error)\n".utf8))
        exit(1)
    }
    let text =
        switch options.output {
        case .table: ReportTable.render(report)
        case .json: report.json()
        case .markdown(let commit): PerformancePage.render(report, commit: commit)
        }
    // Written with a call that reports failure: scripts/write-performance keeps the page only
    // when this exits 0, so a full disk must not pass for a finished page.
    do {
        try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    } catch {
        FileHandle.standardError.write(
            Data("movies-bench: cannot write the report: \(error)\n".utf8))
        exit(74)
    }
}
