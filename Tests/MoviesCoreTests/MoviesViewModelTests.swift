// The store: for each scenario, the whole ordered sequence of Changes it emits and the state it
// ends in. Fetch races are made deterministic with `ControlledAPI`, which finishes each fetch only
// when the test says so.

import Testing

@testable import MoviesCore

@MainActor
@Suite("MoviesViewModel")
struct MoviesViewModelTests {
    // MARK: Fetching

    @Test func aSuccessfulFetchEmitsLoadingReloadedLoaded() async {
        let api = ControlledAPI()
        let viewModel = MoviesViewModel(api: api)
        let recorder = ChangeRecorder(viewModel)

        viewModel.refresh()
        #expect(recorder.changes == [.fetch(.loading)])
        #expect(viewModel.isLoading)
        await api.resolve(call: 1, with: .success(sampleMovies))
        await viewModel.waitForFetch()

        #expect(recorder.changes == [.fetch(.loading), .reloaded, .fetch(.loaded)])
        #expect(recorder.lists == [[], sampleMovies, sampleMovies])
        #expect(viewModel.state == MoviesState(movies: sampleMovies, fetchStatus: .loaded))
        #expect(!viewModel.isLoading)
    }

    @Test func aFailedFetchKeepsTheListAndReportsTheReason() async {
        let api = ControlledAPI()
        let viewModel = MoviesViewModel(api: api)
        let recorder = ChangeRecorder(viewModel)
        viewModel.refresh()
        await api.resolve(call: 1, with: .success(sampleMovies))
        await viewModel.waitForFetch()

        viewModel.refresh()
        await api.resolve(call: 2, with: .failure(TestFailure()))
        await viewModel.waitForFetch()

        #expect(
            recorder.changes == [
                .fetch(.loading), .reloaded, .fetch(.loaded),
                .fetch(.loading), .fetch(.failed("offline")),
            ])
        #expect(
            viewModel.state == MoviesState(movies: sampleMovies, fetchStatus: .failed("offline")))
    }

    @Test func refreshAfterAFailureRecovers() async {
        let viewModel = MoviesViewModel(
            api: ImmediateAPI(.failure(TestFailure()), .success(sampleMovies)))
        let recorder = ChangeRecorder(viewModel)
        viewModel.refresh()
        await viewModel.waitForFetch()
        viewModel.refresh()
        await viewModel.waitForFetch()

        #expect(
            recorder.changes == [
                .fetch(.loading), .fetch(.failed("offline")),
                .fetch(.loading), .reloaded, .fetch(.loaded),
            ])
        #expect(viewModel.state.movies == sampleMovies)
    }

    @Test func aRefreshSupersedesTheFetchInFlight() async throws {
        let api = ControlledAPI()
        let viewModel = MoviesViewModel(api: api)
        let recorder = ChangeRecorder(viewModel)
        let stale = [Movie(id: 9, title: "Stale", year: 2000)]

        viewModel.refresh()
        viewModel.refresh()
        // The newer fetch answers first, then the stale one arrives late.
        await api.resolve(call: 2, with: .success(sampleMovies))
        await viewModel.waitForFetch()
        await api.resolve(call: 1, with: .success(stale))
        try await settle()

        // The second refresh found the indicator already on: nothing to emit for it.
        #expect(recorder.changes == [.fetch(.loading), .reloaded, .fetch(.loaded)])
        #expect(viewModel.state == MoviesState(movies: sampleMovies, fetchStatus: .loaded))
        #expect(await api.callCount == 2)
    }

    @Test func aStaleResultThatArrivesFirstIsIgnoredToo() async throws {
        let api = ControlledAPI()
        let viewModel = MoviesViewModel(api: api)
        let recorder = ChangeRecorder(viewModel)

        viewModel.refresh()
        viewModel.refresh()
        await api.resolve(call: 1, with: .failure(TestFailure()))
        try await settle()
        #expect(recorder.changes == [.fetch(.loading)])
        #expect(viewModel.isLoading)

        await api.resolve(call: 2, with: .success(sampleMovies))
        await viewModel.waitForFetch()
        #expect(recorder.changes == [.fetch(.loading), .reloaded, .fetch(.loaded)])
    }

    @Test func waitForFetchFollowsARefreshMadeWhileWaiting() async {
        let api = ControlledAPI()
        let viewModel = MoviesViewModel(api: api)
        viewModel.refresh()
        let waiter = Task { await viewModel.waitForFetch() }
        viewModel.refresh()
        await api.resolve(call: 1, with: .success([]))
        await api.resolve(call: 2, with: .success(sampleMovies))
        await waiter.value
        #expect(viewModel.state.movies == sampleMovies)
        #expect(viewModel.state.fetchStatus == .loaded)
    }

    // MARK: Edits

    @Test func eachEditEmitsExactlyItsChange() async throws {
        let viewModel = await loadedViewModel()
        let recorder = ChangeRecorder(viewModel)

        try viewModel.move(from: 0, to: 2)
        try viewModel.delete(at: 0)
        try viewModel.insert(title: "Up", year: 2009, at: 1)
        try viewModel.move(from: 1, to: 1)

        let up = Movie(id: 4, title: "Up", year: 2009)
        #expect(
            recorder.changes == [
                .moved(sampleMovies[0], from: 0, to: 2),
                .deleted(sampleMovies[1], at: 0),
                .inserted(up, at: 1),
            ])
        #expect(viewModel.state.movies == [sampleMovies[2], up, sampleMovies[0]])
    }

    @Test func aRejectedEditEmitsNothingAndKeepsTheState() async {
        let viewModel = await loadedViewModel()
        let before = viewModel.state
        let recorder = ChangeRecorder(viewModel)

        #expect(throws: MoviesState.EditError.indexOutOfRange(7, valid: 0..<3)) {
            try viewModel.delete(at: 7)
        }
        #expect(throws: MoviesState.EditError.emptyTitle) {
            try viewModel.insert(title: "", year: 2000, at: 0)
        }
        #expect(recorder.changes.isEmpty)
        #expect(viewModel.state == before)
    }

    @Test func editsAreRejectedWhileLoading() async {
        let api = ControlledAPI()
        let viewModel = MoviesViewModel(api: api)
        let recorder = ChangeRecorder(viewModel)
        viewModel.refresh()

        #expect(throws: MoviesState.EditError.stillLoading) {
            try viewModel.insert(title: "Up", year: 2009, at: 0)
        }
        await api.resolve(call: 1, with: .success(sampleMovies))
        await viewModel.waitForFetch()
        try? viewModel.delete(at: 0)

        #expect(
            recorder.changes == [
                .fetch(.loading), .reloaded, .fetch(.loaded), .deleted(sampleMovies[0], at: 0),
            ])
    }

    // MARK: Subscribers

    @Test func twoSubscribersSeeTheSameSequence() async throws {
        let viewModel = MoviesViewModel(api: ImmediateAPI(.success(sampleMovies)))
        let first = ChangeRecorder(viewModel)
        let second = ChangeRecorder(viewModel)

        viewModel.refresh()
        await viewModel.waitForFetch()
        try viewModel.move(from: 2, to: 0)

        let expected: [MoviesState.Change] = [
            .fetch(.loading), .reloaded, .fetch(.loaded), .moved(sampleMovies[2], from: 2, to: 0),
        ]
        #expect(first.changes == expected)
        #expect(second.changes == expected)
    }

    @Test func subscribersAreCalledInSubscriptionOrder() async throws {
        let viewModel = await loadedViewModel()
        var calls: [String] = []
        viewModel.subscribe { _, _ in calls.append("first") }
        viewModel.subscribe { _, _ in calls.append("second") }
        try viewModel.delete(at: 0)
        #expect(calls == ["first", "second"])
    }

    @Test func anUnsubscribedHandlerHearsNothingMore() async throws {
        let viewModel = await loadedViewModel()
        let leaving = ChangeRecorder(viewModel)
        let staying = ChangeRecorder(viewModel)

        try viewModel.delete(at: 0)
        leaving.subscription?.cancel()
        leaving.subscription?.cancel()  // a second cancel is harmless
        try viewModel.delete(at: 0)

        #expect(leaving.changes == [.deleted(sampleMovies[0], at: 0)])
        #expect(
            staying.changes == [.deleted(sampleMovies[0], at: 0), .deleted(sampleMovies[1], at: 0)])
    }

    @Test func aSubscriberMayUnsubscribeWhileBeingCalled() async throws {
        let viewModel = await loadedViewModel()
        var subscription: MoviesViewModel.Subscription?
        var heard = 0
        subscription = viewModel.subscribe { _, _ in
            heard += 1
            subscription?.cancel()
        }
        let other = ChangeRecorder(viewModel)
        try viewModel.delete(at: 0)
        try viewModel.delete(at: 0)
        #expect(heard == 1)
        #expect(other.changes.count == 2)
    }

    @Test func subscribersReceiveTheStateAfterTheChange() async throws {
        let viewModel = await loadedViewModel()
        var seen: [Int] = []
        viewModel.subscribe { _, state in seen.append(state.movies.count) }
        try viewModel.delete(at: 0)
        try viewModel.insert(title: "Up", year: 2009, at: 0)
        #expect(seen == [2, 3])
    }

    /// Lets tasks that were resumed run to completion on the main actor.
    ///
    /// Used only where the test proves that something does *not* happen (a stale result being
    /// applied), so there is nothing to await directly.
    private func settle() async throws {
        for _ in 0..<50 { await Task.yield() }
        try await Task.sleep(for: .milliseconds(50))
        for _ in 0..<50 { await Task.yield() }
    }
}
