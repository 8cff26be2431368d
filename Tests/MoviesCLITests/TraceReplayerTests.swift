// Replay: a fresh store fed the recorded actions does exactly what the traced store did, and a
// different outcome shows up as a record that does not match.

import MoviesTestSupport
import Testing

@testable import MoviesCLI
@testable import MoviesCore
@testable import MoviesFormats

@MainActor
@Suite("TraceReplayer", .hangGuard)
struct TraceReplayerTests {
    /// Records a session, then replays its actions and compares every record.
    @Test func aRecordedSessionReplaysExactly() async throws {
        let recorder = RecordingMiddleware()
        let viewModel = MoviesViewModel(
            api: StubAPI(.success(sampleMovies)), historyLimit: 4, middleware: [recorder])
        let header = Trace.Header(state: viewModel.state, historyLimit: 4)
        viewModel.refresh()
        await viewModel.settleFetch()
        try viewModel.insert(title: "Up", year: 2009, at: 1)
        try viewModel.move(from: 0, to: 3)
        _ = try? viewModel.delete(at: 9)
        try viewModel.rename(at: 0, to: "Up (director's cut)")
        try viewModel.rename(at: 0, to: "Up (director's cut)")
        _ = try? viewModel.rename(at: 0, to: " ")
        try viewModel.undo()
        try viewModel.redo()
        viewModel.refresh()
        await viewModel.settleFetch()
        try viewModel.undo()

        let replayer = TraceReplayer(header: header)
        for record in recorder.records {
            let replayed = replayer.replay(record.action)
            #expect(replayed.matches(record), "\(record.action)")
        }
        #expect(replayer.movies == viewModel.state.movies)
        #expect(recorder.records.count == 13)
        let cut = Movie(id: 4, title: "Up (director's cut)", year: 2009)
        #expect(
            recorder.records[5...7].map(\.outcome) == [
                .changes([.updated(at: 0, old: cut.titled("Up"), new: cut)]), .changes([]),
                .rejected(.emptyTitle),
            ])
    }

    @Test func aDifferentStartDiverges() {
        let replayer = TraceReplayer(
            header: Trace.Header(state: MoviesState(movies: sampleMovies), historyLimit: 10))
        let recorded = MoviesViewModel.Record(
            action: .delete(at: 0), outcome: .changes([.deleted(sampleMovies[1], at: 0)]),
            count: 2, nanoseconds: 5)
        let replayed = replayer.replay(recorded.action)
        #expect(!replayed.matches(recorded))
        #expect(replayed.outcome == .changes([.deleted(sampleMovies[0], at: 0)]))
    }

    @Test func theHeadersNextIDIsKept() {
        let replayer = TraceReplayer(
            header: Trace.Header(
                state: MoviesState(movies: sampleMovies, nextID: 40), historyLimit: 10))
        let replayed = replayer.replay(.insert(title: "Up", year: 2009, at: 0))
        #expect(
            replayed.outcome == .changes([.inserted(Movie(id: 40, title: "Up", year: 2009), at: 0)])
        )
    }

    @Test func aRecordedRefreshDoesNotFetch() async {
        let replayer = TraceReplayer(
            header: Trace.Header(state: MoviesState(movies: sampleMovies), historyLimit: 10))
        #expect(replayer.replay(.refresh).outcome == .changes([.fetch(.loading)]))
        // Give a fetch every chance to answer: none may, the answer is the trace's to give.
        for _ in 0..<100 { await Task.yield() }
        #expect(replayer.replay(.delete(at: 0)).outcome == .rejected(.stillLoading))
        #expect(
            replayer.replay(.fetchFailed(reason: "offline")).outcome
                == .changes([.fetch(.failed("offline"))]))
    }
}
