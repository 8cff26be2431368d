// The store under faults: injected failures followed by recovery, with their exact Change
// sequences, and a storm of hundreds of refreshes, many while a fetch is in flight, where only
// the latest fetch may land.

import Dispatch
import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCore

@MainActor
@Suite("MoviesViewModel under faults", .hangGuard)
struct MoviesViewModelFaultTests {
    @Test func failTwiceThenSucceedEmitsEachAttempt() async throws {
        let api = FakeMoviesAPI(latency: .zero, failure: .firstAttempts(2)) { sampleMovies }
        let viewModel = MoviesViewModel(api: api)
        let recorder = ChangeRecorder(viewModel)
        for _ in 1...3 {
            viewModel.refresh()
            await viewModel.settleFetch()
        }
        let failed = { (attempt: Int) in
            MoviesState.Change.fetch(.failed("\(FakeMoviesAPI.InjectedFailure(attempt: attempt))"))
        }
        #expect(
            recorder.changes == [
                .fetch(.loading), failed(1),
                .fetch(.loading), failed(2),
                .fetch(.loading), .reloaded(replaced: []), .fetch(.loaded),
            ])
        #expect(viewModel.state.movies == sampleMovies)
        #expect(viewModel.state.fetchStatus == .loaded)
    }

    @Test func aFailureAfterALoadKeepsTheListAndItsEdits() async throws {
        let viewModel = MoviesViewModel(
            api: StubAPI(
                .success(sampleMovies), .failure(TestFailure()), .success(sampleMovies)))
        viewModel.refresh()
        await viewModel.settleFetch()
        try viewModel.delete(at: 0)
        let edited = viewModel.state.movies
        let recorder = ChangeRecorder(viewModel)

        viewModel.refresh()
        await viewModel.settleFetch()
        #expect(recorder.changes == [.fetch(.loading), .fetch(.failed("offline"))])
        #expect(viewModel.state.movies == edited)

        viewModel.refresh()
        await viewModel.settleFetch()
        #expect(viewModel.state.movies == sampleMovies)
        #expect(
            recorder.changes.suffix(3) == [
                .fetch(.loading), .reloaded(replaced: edited), .fetch(.loaded),
            ])
    }

    @Test(.hangGuard, arguments: [1, 2, 3])
    func aRefreshStormLandsOnlyTheLatestFetch(seed: Int) async throws {
        var random = SeededGenerator(seed: UInt64(seed))
        let api = StormAPI()
        let viewModel = MoviesViewModel(api: api)
        let recorder = ChangeRecorder(viewModel)

        for _ in 0..<300 {
            viewModel.refresh()
            // Sometimes let fetches run (and finish), sometimes refresh again at once.
            switch Int.random(in: 0..<4, using: &random) {
            case 0: await Task.yield()
            case 1:
                try await Task.sleep(for: .microseconds(Int.random(in: 0...300, using: &random)))
            default: break
            }
        }
        let changesBeforeLast = recorder.changes.count
        viewModel.refresh()
        await viewModel.settleFetch()
        // Let every superseded fetch deliver its late result too, so a stale one would show.
        await viewModel.settleAllFetches()
        // Fetches start in the order of the refreshes (each task starts on the main actor), so the
        // last refresh made the highest-numbered fetch.
        let total = await api.started
        #expect(total == 301)

        let afterLast = Array(recorder.changes.dropFirst(changesBeforeLast))
        #expect(
            afterLast.filter(\.isReload).count == 1, "exactly one reload for the last fetch"
        )
        #expect(afterLast.last == .fetch(.loaded))
        #expect(viewModel.state.fetchStatus == .loaded)
        #expect(!viewModel.isLoading)
        #expect(viewModel.state.movies.map(\.id) == [total], "only the latest fetch landed")
        // Every reload that landed during the storm carried a newer fetch than the one before.
        let reloadedIDs = zip(recorder.changes, recorder.lists).compactMap { change, list in
            change.isReload ? list.first?.id : nil
        }
        #expect(reloadedIDs == reloadedIDs.sorted())
        #expect(Set(reloadedIDs).count == reloadedIDs.count)
        // The indicator ends consistent: no loading left on, and it was switched on and off in
        // turn (never two `.loaded` without a `.loading` between them).
        let indicator = recorder.changes.compactMap { change -> FetchStatus? in
            if case .fetch(let status) = change { return status }
            return nil
        }
        #expect(zip(indicator, indicator.dropFirst()).allSatisfy { $0 != $1 })
    }
}

/// A source for the storm: every fetch answers after a short delay that ignores cancellation (as
/// a real network reply might), with a one-movie list whose id is the fetch's number.
actor StormAPI: MoviesAPI {
    private(set) var started = 0
    private(set) var finished = 0

    func fetchMovies() async throws -> [Movie] {
        started += 1
        let call = started
        let delay = Double(call % 7) * 0.000_2
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) { continuation.resume() }
        }
        finished += 1
        return [Movie(id: call, title: "Fetch \(call)", year: 2000)]
    }
}

extension MoviesState.Change {
    fileprivate var isReload: Bool {
        if case .reloaded = self { return true }
        return false
    }
}
