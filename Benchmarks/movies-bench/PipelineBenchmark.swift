// Role in the benchmark: section 3, the app end to end. Command lines go through the real
// `CommandRunner` (tokenizer, parser, store, view) into a discarding sink; then each stage runs on
// its own over the same input, so the report can say where the time per command goes.
//
//   line ─► CommandList.parse ─► MoviesViewModel action ─► Change ─► MoviesViewController ─► sink

import MoviesCLI
import MoviesCore
import MoviesFormats
import MoviesTestSupport
import MoviesViews

/// Time per command through the whole app, and its split between the stages.
@MainActor
enum PipelineBenchmark {
    /// The figures for one command stream.
    struct Result: Codable, Equatable, Sendable {
        var movies: Int
        var commands: Int
        var rounds: Int
        /// Best round of each, in nanoseconds per command.
        var endToEndNanoseconds: Double
        var parseNanoseconds: Double
        var dispatchNanoseconds: Double
        var renderNanoseconds: Double
        /// Median end-to-end round, to show the spread.
        var endToEndMedianNanoseconds: Double
        /// Bytes the view wrote per command.
        var bytesPerCommand: Double
        /// What the stages timed on their own do not account for.
        ///
        /// That is the runner's own work (awaiting a fetch that is not there, error plumbing,
        /// line numbers); noise can make it slightly negative.
        var otherNanoseconds: Double
        /// Each stage's share of the end-to-end time; the four add up to 1.
        var parseShare: Double
        var dispatchShare: Double
        var renderShare: Double
        var otherShare: Double

        /// Derives "other" and the shares from the timed figures, so that the JSON carries
        /// every number the table shows.
        init(
            movies: Int, commands: Int, rounds: Int, endToEndNanoseconds: Double,
            parseNanoseconds: Double, dispatchNanoseconds: Double, renderNanoseconds: Double,
            endToEndMedianNanoseconds: Double, bytesPerCommand: Double
        ) {
            self.movies = movies
            self.commands = commands
            self.rounds = rounds
            self.endToEndNanoseconds = endToEndNanoseconds
            self.parseNanoseconds = parseNanoseconds
            self.dispatchNanoseconds = dispatchNanoseconds
            self.renderNanoseconds = renderNanoseconds
            self.endToEndMedianNanoseconds = endToEndMedianNanoseconds
            self.bytesPerCommand = bytesPerCommand
            otherNanoseconds =
                endToEndNanoseconds - parseNanoseconds - dispatchNanoseconds - renderNanoseconds
            let total = endToEndNanoseconds > 0 ? endToEndNanoseconds : 1
            parseShare = parseNanoseconds / total
            dispatchShare = dispatchNanoseconds / total
            renderShare = renderNanoseconds / total
            otherShare = otherNanoseconds / total
        }
    }

    /// Runs `commands` seeded edit commands against a `size`-movie list, `rounds` times per stage.
    static func run(
        movies size: Int, commands count: Int, rounds: Int, seed: UInt64
    ) async throws(BenchmarkFailure) -> Result {
        var generator = SeededGenerator(seed: seed)
        let base = SyntheticCatalog.movies(count: size, using: &generator)
        let lines = EditAction.stream(count: count, size: size, using: &generator).map(
            \.commandLine)
        let commands = try parseAll(lines)
        let changes = try recordChanges(base, commands)

        var endToEnd = Samples()
        var parse = Samples()
        var dispatch = Samples()
        var render = Samples()
        var bytes = 0
        for _ in 0..<rounds {
            let (nanoseconds, written) = try await timeEndToEnd(base, lines)
            endToEnd.append(nanoseconds)
            bytes = written
            parse.append(Stopwatch.time { _ = try? parseAll(lines) })
            dispatch.append(try timeDispatch(base, commands))
            render.append(timeRender(changes))
        }
        let perCommand = Double(max(count, 1))
        return Result(
            movies: size,
            commands: count,
            rounds: rounds,
            endToEndNanoseconds: endToEnd.best / perCommand,
            parseNanoseconds: parse.best / perCommand,
            dispatchNanoseconds: dispatch.best / perCommand,
            renderNanoseconds: render.best / perCommand,
            endToEndMedianNanoseconds: endToEnd.median / perCommand,
            bytesPerCommand: Double(bytes) / perCommand
        )
    }

    /// Every line through `CommandRunner`, as the app's input loop feeds it; returns the time and
    /// the bytes the view wrote.
    private static func timeEndToEnd(
        _ base: [Movie], _ lines: [String]
    ) async throws(BenchmarkFailure) -> (Double, Int) {
        let viewModel = makeStore(base)
        let output = CountingOutput(countsLines: false)
        let view = MoviesViewController(viewModel: viewModel, output: output)
        defer { view.detach() }
        let runner = CommandRunner(
            viewModel: viewModel, view: view, output: output, numbering: .lines)
        let stopwatch = Stopwatch()
        var number = 0
        for line in lines {
            number += 1
            _ = await runner.run(line, number: number)
        }
        let nanoseconds = stopwatch.nanoseconds
        guard runner.rejectedCount == 0, output.errorBytes == 0 else {
            throw BenchmarkFailure(
                description: "pipeline: the runner rejected \(runner.rejectedCount) commands")
        }
        return (nanoseconds, output.bytes)
    }

    /// The parsing stage alone: tokenizer and parser, as `CommandRunner.run` calls them.
    private static func parseAll(_ lines: [String]) throws(BenchmarkFailure) -> [any Command] {
        var commands: [any Command] = []
        commands.reserveCapacity(lines.count)
        for line in lines {
            do {
                if let command = try CommandList.parse(line) { commands.append(command) }
            } catch {
                throw BenchmarkFailure(description: "pipeline: cannot parse \(line): \(error)")
            }
        }
        return commands
    }

    /// The dispatch stage alone: the store's actions, mapped from commands as `CommandRunner`
    /// maps them, with no subscriber to draw.
    private static func timeDispatch(
        _ base: [Movie], _ commands: [any Command]
    ) throws(BenchmarkFailure) -> Double {
        let viewModel = makeStore(base)
        var rejected = 0
        let nanoseconds = Stopwatch.time {
            for command in commands where !perform(command, on: viewModel) {
                rejected += 1
            }
        }
        guard rejected == 0 else {
            throw BenchmarkFailure(description: "pipeline: the store rejected \(rejected) commands")
        }
        return nanoseconds
    }

    /// The Changes `commands` make, recorded once, untimed, for the rendering stage.
    private static func recordChanges(
        _ base: [Movie], _ commands: [any Command]
    ) throws(BenchmarkFailure) -> [MoviesState.Change] {
        let viewModel = makeStore(base)
        let recorder = ChangeRecorder(viewModel, keepingLists: false)
        for command in commands where !perform(command, on: viewModel) {
            throw BenchmarkFailure(description: "pipeline: the store rejected \(command)")
        }
        return recorder.changes
    }

    /// The rendering stage alone: the view controller drawing recorded Changes into a sink.
    ///
    /// Row Changes carry everything the view draws, so the state passed along is never read
    /// for them; an empty one will do.
    private static func timeRender(_ changes: [MoviesState.Change]) -> Double {
        let viewModel = MoviesViewModel(api: FakeMoviesAPI(catalogPath: nil))
        let view = MoviesViewController(
            viewModel: viewModel, output: CountingOutput(countsLines: false))
        defer { view.detach() }
        let state = viewModel.state
        return Stopwatch.time {
            for change in changes {
                view.render(change, in: state)
            }
        }
    }

    private static func makeStore(_ base: [Movie]) -> MoviesViewModel {
        MoviesViewModel(
            api: FakeMoviesAPI(catalogPath: nil),
            state: MoviesState(movies: SyntheticCatalog.freshCopy(of: base))
        )
    }

    /// Sends the action `command` stands for (`EditCommand.action(in:)`, in 0-based positions, as
    /// `CommandRunner` sends it); returns whether the store accepted it.
    private static func perform(_ command: any Command, on viewModel: MoviesViewModel) -> Bool {
        // The workload only edits; anything else means it was generated wrongly.
        guard let edit = command as? any EditCommand else { return false }
        do {
            try viewModel.send(edit.action(in: viewModel.state))
            return true
        } catch {
            return false
        }
    }
}
