// The app's own test harness: a store, its line view and a command runner wired to a recording
// output. The doubles every test target shares (sample movies, stub sources, recording output,
// typed input) are in MoviesTestSupport.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCLI
@testable import MoviesCore
@testable import MoviesViews

/// A store, its view and a runner wired to a recorder, with the list already loaded.
@MainActor
struct Harness {
    let viewModel: MoviesViewModel
    let view: MoviesViewController
    let runner: CommandRunner
    let output = RecordingOutput()

    init(
        api: any MoviesAPI = StubAPI(), numbering: CommandRunner.Numbering = .lines,
        quiet: Bool = false
    ) {
        viewModel = MoviesViewModel(api: api)
        view = MoviesViewController(viewModel: viewModel, output: output, quiet: quiet)
        runner = CommandRunner(
            viewModel: viewModel, view: view, output: output, numbering: numbering, quiet: quiet)
    }

    /// Loads the list and forgets what that drew.
    static func loaded(_ movies: [Movie] = sampleMovies, quiet: Bool = false) async -> Harness {
        let harness = Harness(api: StubAPI(movies: movies), quiet: quiet)
        harness.viewModel.refresh()
        await harness.viewModel.settleFetch()
        harness.output.clear()
        return harness
    }

    /// Runs `lines` as input lines 1, 2, …, and returns the outcome of the last.
    @discardableResult
    func run(_ lines: String...) async -> CommandRunner.Outcome {
        var outcome = CommandRunner.Outcome.proceed
        for (offset, line) in lines.enumerated() {
            outcome = await runner.run(line, number: offset + 1)
        }
        return outcome
    }
}
