// The store: for each scenario, the whole ordered sequence of Changes it emits and the list it
// ends with, asserted through `TestStore`, which also fails a test for any Change it emitted that
// the test did not state. Fetch races are made deterministic with `ControlledAPI`, which finishes
// each fetch only when the test says so.

import MoviesTestSupport
import Testing

@testable import MoviesCore

@MainActor
@Suite("MoviesViewModel", .hangGuard)
struct MoviesViewModelTests {
    // MARK: Fetching

    @Test func aSuccessfulFetchEmitsLoadingReloadedLoaded() async {
        let api = ControlledAPI()
        let store = TestStore(api: api)

        store.send(.refresh, emits: [.fetch(.loading)])
        #expect(store.store.isLoading)
        await api.resolve(call: 1, with: .success(sampleMovies))
        await store.receive([.reloaded(replaced: []), .fetch(.loaded)], movies: sampleMovies)

        #expect(store.state == MoviesState(movies: sampleMovies, fetchStatus: .loaded))
        #expect(!store.store.isLoading)
        #expect(store.store.history.undoCount == 0, "the first list is not an edit")
    }

    @Test func aFailedFetchKeepsTheListAndReportsTheReason() async {
        let api = ControlledAPI()
        let store = TestStore(
            api: api, state: MoviesState(movies: sampleMovies, fetchStatus: .loaded))

        store.send(.refresh, emits: [.fetch(.loading)])
        await api.resolve(call: 1, with: .failure(TestFailure()))
        await store.receive([.fetch(.failed("offline"))], movies: sampleMovies)
        #expect(store.state.fetchStatus == .failed("offline"))
    }

    @Test func refreshAfterAFailureRecovers() async {
        let store = TestStore(api: StubAPI(.failure(TestFailure()), .success(sampleMovies)))
        store.send(.refresh, emits: [.fetch(.loading)])
        await store.receive([.fetch(.failed("offline"))], movies: [])
        store.send(.refresh, emits: [.fetch(.loading)])
        await store.receive([.reloaded(replaced: []), .fetch(.loaded)], movies: sampleMovies)
    }

    @Test func aRefreshSupersedesAndCancelsTheFetchInFlight() async {
        // The API ignores cancellation, as a real reply already on the wire might: the stale
        // answer still arrives, after the newer one, and must not be applied.
        let api = ControlledAPI(ignoresCancellation: true)
        let store = TestStore(api: api)
        let stale = [Movie(id: 9, title: "Stale", year: 2000)]

        store.send(.refresh, emits: [.fetch(.loading)])
        // The indicator is on already: nothing to emit for the second refresh.
        store.send(.refresh, emits: [])
        await api.resolve(call: 2, with: .success(sampleMovies))
        await store.store.settleFetch()
        await api.resolve(call: 1, with: .success(stale))
        await store.receive([.reloaded(replaced: []), .fetch(.loaded)], movies: sampleMovies)

        #expect(store.state == MoviesState(movies: sampleMovies, fetchStatus: .loaded))
        #expect(await api.callCount == 2)
        #expect(await api.cancelledCalls == [1], "the superseded fetch was cancelled")
    }

    @Test func aStaleFailureThatArrivesFirstIsIgnoredToo() async {
        let api = ControlledAPI(ignoresCancellation: true)
        let store = TestStore(api: api)

        store.send(.refresh, emits: [.fetch(.loading)])
        store.send(.refresh, emits: [])
        await api.resolve(call: 1, with: .failure(TestFailure()))
        await api.resolve(call: 2, with: .success(sampleMovies))
        await store.receive([.reloaded(replaced: []), .fetch(.loaded)], movies: sampleMovies)
    }

    @Test func aCancelledFetchThatHonoursCancellationEndsQuietly() async {
        let api = ControlledAPI()
        let store = TestStore(api: api)
        store.send(.refresh, emits: [.fetch(.loading)])
        store.send(.refresh, emits: [])
        // Fetch 1 ends with CancellationError as soon as it is cancelled; nothing is emitted for
        // it. Fetch 2 answers.
        await api.resolve(call: 2, with: .success(sampleMovies))
        await store.receive([.reloaded(replaced: []), .fetch(.loaded)], movies: sampleMovies)
        #expect(await api.cancelledCalls == [1])
    }

    @Test func waitForFetchFollowsARefreshMadeWhileWaiting() async {
        let api = ControlledAPI()
        let viewModel = MoviesViewModel(api: api)
        viewModel.refresh()
        let waiter = Task { await viewModel.waitForFetch() }
        viewModel.refresh()
        await api.resolve(call: 2, with: .success(sampleMovies))
        await waiter.value
        #expect(viewModel.state.movies == sampleMovies)
        #expect(viewModel.state.fetchStatus == .loaded)
    }

    @Test func isLoadingIsWhatTheStateSays() async {
        let viewModel = MoviesViewModel(
            api: StubAPI(), state: MoviesState(fetchStatus: .loading))
        #expect(viewModel.isLoading, "no task is running, but the state says loading")
        _ = try? viewModel.send(.fetchFailed(reason: "offline"))
        #expect(!viewModel.isLoading)
    }

    // MARK: Edits

    @Test func eachEditEmitsExactlyItsChange() {
        let store = TestStore.loaded(sampleMovies)
        let up = Movie(id: 4, title: "Up", year: 2009)
        store.send(
            .move(from: 0, to: 2), emits: [.moved(alien, from: 0, to: 2)],
            movies: [heat, jaws, alien])
        store.send(.delete(at: 0), emits: [.deleted(heat, at: 0)], movies: [jaws, alien])
        store.send(
            .insert(title: "Up", year: 2009, at: 1), emits: [.inserted(up, at: 1)],
            movies: [jaws, up, alien])
        store.send(.move(from: 1, to: 1), emits: [], movies: [jaws, up, alien])
        let kane = Movie(id: 3, title: "Jaws (1975 cut)", year: 1975)
        store.send(
            .rename(at: 0, to: "Jaws (1975 cut)"),
            emits: [.updated(at: 0, old: kane.titled("Jaws"), new: kane)],
            movies: [kane, up, alien])
        store.send(.rename(at: 0, to: "Jaws (1975 cut)"), emits: [], movies: [kane, up, alien])
    }

    /// A rating is an edit like a rename: one row that reads differently, undone and redone
    /// whole, and `rate 3 4; rename 3 Kane; undo` gives back the rated movie with its old title.
    @Test func aRatingReadsDifferentlyAndUndoesWithTheRename() {
        let store = TestStore.loaded(sampleMovies)
        let rated = jaws.rated(4)
        let kane = rated.titled("Kane")
        store.send(
            .rate(at: 2, stars: 4), emits: [.updated(at: 2, old: jaws, new: rated)],
            movies: [alien, heat, rated])
        store.send(
            .rename(at: 2, to: "Kane"), emits: [.updated(at: 2, old: rated, new: kane)],
            movies: [alien, heat, kane])
        store.send(.rate(at: 2, stars: 4), emits: [], movies: [alien, heat, kane])
        store.send(
            .undo, emits: [.updated(at: 2, old: kane, new: rated)], movies: [alien, heat, rated])
        store.send(.undo, emits: [.updated(at: 2, old: rated, new: jaws)], movies: sampleMovies)
        store.send(
            .redo, emits: [.updated(at: 2, old: jaws, new: rated)], movies: [alien, heat, rated])
        store.send(
            .rate(at: 2, stars: nil), emits: [.updated(at: 2, old: rated, new: jaws)],
            movies: sampleMovies)
        store.send(.rate(at: 2, stars: 6), fails: .outOfRange(.rating, 6, valid: 1...5))
    }

    @Test func theTypedMethodsSendTheSameActions() async throws {
        let log = RecordingMiddleware()
        let api = ControlledAPI()
        let viewModel = MoviesViewModel(
            api: api, state: MoviesState(movies: sampleMovies, fetchStatus: .loaded),
            middleware: [log])
        try viewModel.move(from: 2, to: 0)
        try viewModel.delete(at: 1)
        try viewModel.insert(title: "Up", year: 2009, at: 0)
        try viewModel.rename(at: 0, to: "Down")
        try viewModel.rate(at: 0, stars: 2)
        try viewModel.undo()
        try viewModel.redo()
        viewModel.refresh()
        #expect(
            log.records.map(\.action) == [
                .move(from: 2, to: 0), .delete(at: 1), .insert(title: "Up", year: 2009, at: 0),
                .rename(at: 0, to: "Down"), .rate(at: 0, stars: 2), .undo, .redo, .refresh,
            ])
        viewModel.cancelFetches()
        await viewModel.settleAllFetches()
        #expect(await api.cancelledCalls == [1])
    }

    @Test(arguments: [
        (
            MoviesViewModel.Action.delete(at: 7),
            MoviesState.EditError.indexOutOfRange(7, valid: 0..<3)
        ),
        (.insert(title: "", year: 2000, at: 0), .emptyTitle),
        (.insert(title: "Up", year: 1700, at: 0), .outOfRange(.year, 1700, valid: 1888...2100)),
        (.move(from: 0, to: 3), .indexOutOfRange(3, valid: 0..<3)),
        (.rename(at: 3, to: "Up"), .indexOutOfRange(3, valid: 0..<3)),
        (.rename(at: -1, to: "Up"), .indexOutOfRange(-1, valid: 0..<3)),
        (.rename(at: 0, to: ""), .emptyTitle),
        (.rename(at: 0, to: String(repeating: "x", count: 501)), .titleTooLong(maximum: 500)),
        (.undo, .nothingToUndo),
        (.redo, .nothingToRedo),
    ])
    func aRejectedActionEmitsNothingAndKeepsTheState(
        action: MoviesViewModel.Action, error: MoviesState.EditError
    ) {
        let store = TestStore.loaded(sampleMovies)
        store.send(action, fails: error)
        #expect(store.state.movies == sampleMovies)
    }

    @Test func editsAndUndoAreRejectedWhileLoading() async {
        let api = ControlledAPI()
        let store = TestStore(
            api: api, state: MoviesState(movies: sampleMovies, fetchStatus: .loaded))
        store.send(.delete(at: 0), emits: [.deleted(alien, at: 0)], movies: [heat, jaws])
        store.send(.refresh, emits: [.fetch(.loading)])

        store.send(.insert(title: "Up", year: 2009, at: 0), fails: .stillLoading)
        store.send(.rename(at: 0, to: "Up"), fails: .stillLoading)
        store.send(.undo, fails: .stillLoading)
        await api.resolve(call: 1, with: .success(sampleMovies))
        await store.receive(
            [.reloaded(replaced: [heat, jaws]), .fetch(.loaded)], movies: sampleMovies)
        store.send(.delete(at: 0), emits: [.deleted(alien, at: 0)], movies: [heat, jaws])
    }

    // MARK: Undo and redo

    @Test func undoAndRedoRevertEachKindOfEdit() {
        let store = TestStore.loaded(sampleMovies)
        let up = Movie(id: 4, title: "Up", year: 2009)
        store.send(.insert(title: "Up", year: 2009, at: 1), emits: [.inserted(up, at: 1)])
        store.send(.move(from: 0, to: 3), emits: [.moved(alien, from: 0, to: 3)])
        store.send(.delete(at: 1), emits: [.deleted(heat, at: 1)], movies: [up, jaws, alien])

        store.send(.undo, emits: [.inserted(heat, at: 1)], movies: [up, heat, jaws, alien])
        store.send(.undo, emits: [.moved(alien, from: 3, to: 0)], movies: [alien, up, heat, jaws])
        store.send(.undo, emits: [.deleted(up, at: 1)], movies: sampleMovies)
        store.send(.undo, fails: .nothingToUndo)

        store.send(.redo, emits: [.inserted(up, at: 1)], movies: [alien, up, heat, jaws])
        store.send(.redo, emits: [.moved(alien, from: 0, to: 3)], movies: [up, heat, jaws, alien])
        store.send(.redo, emits: [.deleted(heat, at: 1)], movies: [up, jaws, alien])
        store.send(.redo, fails: .nothingToRedo)
    }

    @Test func undoAndRedoOfARenameRenameBackAndAgain() {
        let store = TestStore.loaded(sampleMovies)
        let aliens = Movie(id: 1, title: "Aliens", year: 1979)
        let renamed = MoviesState.Change.updated(at: 0, old: aliens.titled("Alien"), new: aliens)
        let back = MoviesState.Change.updated(at: 0, old: alien.titled("Aliens"), new: alien)
        store.send(.rename(at: 0, to: "Aliens"), emits: [renamed], movies: [aliens, heat, jaws])
        store.send(.move(from: 0, to: 2), emits: [.moved(aliens, from: 0, to: 2)])
        store.send(.undo, emits: [.moved(aliens, from: 2, to: 0)])
        store.send(.undo, emits: [back], movies: sampleMovies)
        store.send(.undo, fails: .nothingToUndo)
        store.send(.redo, emits: [renamed], movies: [aliens, heat, jaws])
        #expect(store.store.history.undoCount == 1)
        #expect(store.store.history.redoCount == 1)
    }

    @Test func aRenameToTheSameTitleIsNoEdit() {
        let store = TestStore.loaded(sampleMovies)
        store.send(.delete(at: 2), emits: [.deleted(jaws, at: 2)])
        store.send(.undo, emits: [.inserted(jaws, at: 2)])
        // Nothing to record: undo still has nothing, and redo keeps what it had.
        store.send(.rename(at: 1, to: "Heat"), emits: [], movies: sampleMovies)
        #expect(store.store.history.undoCount == 0)
        store.send(.redo, emits: [.deleted(jaws, at: 2)], movies: [alien, heat])
    }

    @Test func aNewEditForgetsWhatWasUndone() {
        let store = TestStore.loaded(sampleMovies)
        store.send(.delete(at: 0), emits: [.deleted(alien, at: 0)])
        store.send(.undo, emits: [.inserted(alien, at: 0)])
        #expect(store.store.history.redoCount == 1)
        store.send(.move(from: 0, to: 1), emits: [.moved(alien, from: 0, to: 1)])
        #expect(store.store.history.redoCount == 0)
        store.send(.redo, fails: .nothingToRedo)
        // A move onto itself is no edit: it keeps what redo can do.
        store.send(.undo, emits: [.moved(alien, from: 1, to: 0)])
        store.send(.move(from: 2, to: 2), emits: [])
        store.send(.redo, emits: [.moved(alien, from: 0, to: 1)])
    }

    @Test func undoAfterARefreshGivesTheEditsBack() async {
        let api = ControlledAPI()
        let store = TestStore(api: api)
        store.send(.refresh, emits: [.fetch(.loading)])
        await api.resolve(call: 1, with: .success(sampleMovies))
        await store.receive([.reloaded(replaced: []), .fetch(.loaded)])
        store.send(.delete(at: 1), emits: [.deleted(heat, at: 1)], movies: [alien, jaws])

        store.send(.refresh, emits: [.fetch(.loading)])
        await api.resolve(call: 2, with: .success(sampleMovies))
        await store.receive(
            [.reloaded(replaced: [alien, jaws]), .fetch(.loaded)], movies: sampleMovies)

        store.send(.undo, emits: [.reloaded(replaced: sampleMovies)], movies: [alien, jaws])
        store.send(.undo, emits: [.inserted(heat, at: 1)], movies: sampleMovies)
        store.send(.undo, fails: .nothingToUndo)
        store.send(.redo, emits: [.deleted(heat, at: 1)], movies: [alien, jaws])
        store.send(.redo, emits: [.reloaded(replaced: [alien, jaws])], movies: sampleMovies)
        #expect(store.state.fetchStatus == .loaded, "undo changes the list, not the fetch status")
    }

    @Test func theHistoryKeepsOnlyTheNewestActions() {
        let store = TestStore.loaded(sampleMovies, historyLimit: 2)
        store.send(.move(from: 0, to: 1), emits: [.moved(alien, from: 0, to: 1)])
        store.send(.move(from: 0, to: 1), emits: [.moved(heat, from: 0, to: 1)])
        store.send(.move(from: 1, to: 2), emits: [.moved(heat, from: 1, to: 2)])
        #expect(store.store.history.undoCount == 2)
        store.send(.undo, emits: [.moved(heat, from: 2, to: 1)])
        store.send(.undo, emits: [.moved(heat, from: 1, to: 0)])
        store.send(.undo, fails: .nothingToUndo)
        #expect(store.state.movies == [heat, alien, jaws], "the oldest move stays done")
    }

    @Test func aHistoryLimitOfZeroTurnsUndoOff() {
        let store = TestStore.loaded(sampleMovies, historyLimit: 0)
        store.send(.delete(at: 0), emits: [.deleted(alien, at: 0)])
        store.send(.undo, fails: .nothingToUndo)
    }

    // MARK: Subscribers

    @Test func twoSubscribersSeeTheSameSequence() async throws {
        let viewModel = MoviesViewModel(api: StubAPI(.success(sampleMovies)))
        let first = ChangeRecorder(viewModel)
        let second = ChangeRecorder(viewModel)

        viewModel.refresh()
        await viewModel.settleFetch()
        try viewModel.move(from: 2, to: 0)

        let expected: [MoviesState.Change] = [
            .fetch(.loading), .reloaded(replaced: []), .fetch(.loaded),
            .moved(sampleMovies[2], from: 2, to: 0),
        ]
        #expect(first.changes == expected)
        #expect(second.changes == expected)
    }

    @Test func subscribersAreCalledInSubscriptionOrder() throws {
        let viewModel = MoviesViewModel(
            api: StubAPI(), state: MoviesState(movies: sampleMovies, fetchStatus: .loaded))
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

    // MARK: Sending from a subscriber

    @Test func anActionSentWhileDeliveringWaitsItsTurn() throws {
        let viewModel = MoviesViewModel(
            api: StubAPI(), state: MoviesState(movies: sampleMovies, fetchStatus: .loaded))
        var first = MirrorList(movies: sampleMovies)
        var second = MirrorList(movies: sampleMovies)
        var firstSaw: [MoviesState.Change] = []
        var secondSaw: [MoviesState.Change] = []
        // The first subscriber deletes the row that was just inserted, while being notified. It
        // holds the store weakly: the store holds its subscribers.
        viewModel.subscribe { [weak viewModel] change, state in
            firstSaw.append(change)
            let fits = first.apply(change, current: state.movies)
            #expect(fits)
            if case .inserted(_, let index) = change {
                _ = try? viewModel?.send(.delete(at: index))
            }
        }
        viewModel.subscribe { change, state in
            secondSaw.append(change)
            let fits = second.apply(change, current: state.movies)
            #expect(fits)
        }

        try viewModel.insert(title: "Up", year: 2009, at: 1)

        let up = Movie(id: 4, title: "Up", year: 2009)
        let expected: [MoviesState.Change] = [.inserted(up, at: 1), .deleted(up, at: 1)]
        #expect(firstSaw == expected)
        #expect(secondSaw == expected, "the second subscriber sees the insert first, too")
        #expect(first.movies == sampleMovies)
        #expect(second.movies == sampleMovies)
        #expect(viewModel.state.movies == sampleMovies)
    }

    @Test func aQueuedActionsRejectionReachesTheMiddleware() throws {
        let log = RecordingMiddleware()
        let viewModel = MoviesViewModel(
            api: StubAPI(), state: MoviesState(movies: sampleMovies, fetchStatus: .loaded),
            middleware: [log])
        viewModel.subscribe { [weak viewModel] change, _ in
            if case .deleted = change { _ = try? viewModel?.send(.delete(at: 9)) }
        }
        try viewModel.delete(at: 0)
        #expect(
            log.records.map(\.outcome) == [
                .changes([.deleted(alien, at: 0)]),
                .rejected(.indexOutOfRange(9, valid: 0..<2)),
            ])
    }

    // MARK: Middleware

    @Test func middlewareRunsAroundEveryActionInOrder() throws {
        var calls: [String] = []
        let outer = RecordingMiddleware(name: "outer") { calls.append($0) }
        let inner = RecordingMiddleware(name: "inner") { calls.append($0) }
        let viewModel = MoviesViewModel(
            api: StubAPI(), state: MoviesState(movies: sampleMovies, fetchStatus: .loaded),
            middleware: [outer, inner])
        viewModel.subscribe { _, _ in calls.append("subscriber") }

        try viewModel.delete(at: 0)
        #expect(
            calls == [
                "outer will delete (3 movies)", "inner will delete (3 movies)", "subscriber",
                "inner did delete (2 movies)", "outer did delete (2 movies)",
            ])
    }

    @Test func aRecordSaysWhatTheActionDid() throws {
        let log = RecordingMiddleware()
        let viewModel = MoviesViewModel(
            api: StubAPI(), state: MoviesState(movies: sampleMovies, fetchStatus: .loaded),
            middleware: [log])
        try viewModel.move(from: 0, to: 2)
        #expect(throws: MoviesState.EditError.self) { try viewModel.delete(at: 5) }
        try viewModel.move(from: 1, to: 1)

        #expect(
            log.records.map(\.action) == [
                .move(from: 0, to: 2), .delete(at: 5), .move(from: 1, to: 1),
            ])
        #expect(
            log.records.map(\.outcome) == [
                .changes([.moved(alien, from: 0, to: 2)]),
                .rejected(.indexOutOfRange(5, valid: 0..<3)), .changes([]),
            ])
        #expect(log.records.map(\.count) == [3, 3, 3])
    }

    /// The clock is read only when a middleware asks for the reducers' time.
    ///
    /// Then every middleware's record carries it. The insert shifts 10,000 movies, which takes
    /// far longer than the clock's resolution; the rejected delete may take less, so only the
    /// inserts' times must be above 0.
    @Test(arguments: [false, true])
    func recordsAreTimedOnlyWhenAMiddlewareAsks(asks: Bool) throws {
        let timed = RecordingMiddleware(name: "timed", wantsTiming: asks)
        let other = RecordingMiddleware(name: "other")
        let movies = (1...10_000).map { Movie(id: $0, title: "Movie \($0)", year: 2000) }
        let viewModel = MoviesViewModel(
            api: StubAPI(), state: MoviesState(movies: movies, fetchStatus: .loaded),
            middleware: [other, timed])
        try viewModel.insert(title: "Up", year: 2009, at: 0)
        #expect(throws: MoviesState.EditError.self) { try viewModel.delete(at: 20_000) }

        let times = (other.records + timed.records).map(\.nanoseconds)
        #expect(times.count == 4)
        let inserts = [other.records[0], timed.records[0]].map(\.nanoseconds)
        #expect(asks ? inserts.allSatisfy { $0 > 0 } : times == [0, 0, 0, 0])
    }

    // MARK: What send returns

    /// Each action with what it emits, on the three sample movies after a failed fetch.
    nonisolated static let sent: [(MoviesViewModel.Action, [MoviesState.Change])] = [
        (.delete(at: 0), [.deleted(alien, at: 0)]),
        (.move(from: 0, to: 2), [.moved(alien, from: 0, to: 2)]),
        (.move(from: 1, to: 1), []),
        (
            .rename(at: 2, to: "Jaws 2"),
            [
                .updated(
                    at: 2, old: Movie(id: 3, title: "Jaws 2", year: 1975).titled("Jaws"),
                    new: Movie(id: 3, title: "Jaws 2", year: 1975))
            ]
        ),
        (.rename(at: 2, to: "Jaws"), []),
        (
            .insert(title: "Up", year: 2009, at: 3),
            [.inserted(Movie(id: 4, title: "Up", year: 2009), at: 3)]
        ),
        (.fetchSucceeded(movies: [heat]), [.reloaded(replaced: sampleMovies), .fetch(.loaded)]),
        (.fetchFailed(reason: "offline"), [.fetch(.failed("offline"))]),
    ]

    /// With middleware and without (the store's shortcut), `send` returns exactly the Changes
    /// its subscribers were given: none for an action that changed nothing.
    @Test(arguments: sent, [false, true])
    func sendReturnsTheChangesItDelivered(
        sent: (MoviesViewModel.Action, [MoviesState.Change]), watched: Bool
    ) throws {
        let viewModel = MoviesViewModel(
            api: StubAPI(), state: MoviesState(movies: sampleMovies, fetchStatus: .failed("x")),
            middleware: watched ? [RecordingMiddleware()] : [])
        let delivered = ChangeRecorder(viewModel)
        let changes = try viewModel.send(sent.0)
        #expect(Array(changes) == sent.1)
        #expect(delivered.changes == sent.1)
        #expect(changes.count == sent.1.count)
        #expect(changes.isEmpty == sent.1.isEmpty)
        #expect(!changes.isQueued)
    }

    @Test func theTypedMethodsReturnWhatSendReturns() throws {
        let viewModel = MoviesViewModel(
            api: StubAPI(), state: MoviesState(movies: sampleMovies, fetchStatus: .loaded))
        #expect(Array(try viewModel.move(from: 0, to: 1)) == [.moved(alien, from: 0, to: 1)])
        #expect(try viewModel.move(from: 0, to: 0).isEmpty)
        #expect(Array(try viewModel.rename(at: 0, to: "Heat")) == [])
        let heat2 = Movie(id: 2, title: "Heat 2", year: 1995)
        #expect(
            Array(try viewModel.rename(at: 0, to: "Heat 2"))
                == [.updated(at: 0, old: heat2.titled("Heat"), new: heat2)])
        #expect(
            Array(try viewModel.undo()) == [.updated(at: 0, old: heat.titled("Heat 2"), new: heat)])
        #expect(
            Array(try viewModel.redo()) == [.updated(at: 0, old: heat2.titled("Heat"), new: heat2)])
        #expect(Array(try viewModel.delete(at: 0)) == [.deleted(heat2, at: 0)])
        let up = Movie(id: 4, title: "Up", year: 2009)
        let inserted = try viewModel.insert(title: "Up", year: 2009, at: 0)
        #expect(Array(inserted) == [.inserted(up, at: 0)])
    }

    @Test func anActionSentWhileDeliveringSaysItIsQueued() throws {
        let viewModel = MoviesViewModel(
            api: StubAPI(), state: MoviesState(movies: sampleMovies, fetchStatus: .loaded))
        var queued: [MoviesViewModel.Changes] = []
        viewModel.subscribe { [weak viewModel] change, _ in
            if case .deleted = change, let changes = try? viewModel?.send(.delete(at: 0)) {
                queued.append(changes)
            }
        }
        let changes = try viewModel.delete(at: 0)
        #expect(Array(changes) == [.deleted(alien, at: 0)], "the sender's own Change only")
        #expect(!changes.isQueued)
        #expect(queued.count == 3, "each delete's subscriber sent one more; the last is refused")
        #expect(queued.allSatisfy { $0.isQueued && $0.isEmpty })
        #expect(viewModel.state.movies == [], "the queued deletes ran after")
    }

    /// Actions sent during one delivery run in the order they were sent, and an action one of
    /// them sends runs after them all: first in, first out.
    @Test func queuedActionsRunInTheOrderTheyWereSent() throws {
        let viewModel = MoviesViewModel(
            api: StubAPI(), state: MoviesState(movies: sampleMovies, fetchStatus: .loaded))
        var seen: [MoviesState.Change] = []
        viewModel.subscribe { [weak viewModel] change, _ in
            seen.append(change)
            guard case .inserted(let movie, _) = change else { return }
            if movie.title == "Up" {
                _ = try? viewModel?.send(.move(from: 0, to: 3))
                _ = try? viewModel?.send(.insert(title: "Heat 2", year: 2020, at: 0))
                _ = try? viewModel?.send(.rename(at: 4, to: "Up!"))
            } else {
                _ = try? viewModel?.send(.delete(at: 0))
            }
        }
        try viewModel.insert(title: "Up", year: 2009, at: 0)

        let up = Movie(id: 4, title: "Up", year: 2009)
        let heat2 = Movie(id: 5, title: "Heat 2", year: 2020)
        #expect(
            seen == [
                .inserted(up, at: 0), .moved(up, from: 0, to: 3), .inserted(heat2, at: 0),
                .updated(
                    at: 4, old: Movie(id: 4, title: "Up!", year: 2009).titled("Up"),
                    new: Movie(id: 4, title: "Up!", year: 2009)),
                .deleted(heat2, at: 0),
            ])
    }

    // MARK: Derived subscriptions

    @Test func aDerivedSubscriptionHearsOnlyWhenItsValueChanges() async throws {
        let api = ControlledAPI()
        let viewModel = MoviesViewModel(api: api)
        struct Status: Equatable {
            var count: Int
            var fetch: FetchStatus
        }
        var heard: [Status] = []
        let summary: @MainActor (MoviesState) -> Status = { state in
            Status(count: state.movies.count, fetch: state.fetchStatus)
        }
        let subscription = viewModel.subscribe(derived: summary) { heard.append($0) }
        #expect(heard == [Status(count: 0, fetch: .idle)], "the current value, at once")

        viewModel.refresh()
        await api.resolve(call: 1, with: .success(sampleMovies))
        await viewModel.settleFetch()
        try viewModel.move(from: 0, to: 2)
        try viewModel.move(from: 2, to: 1)
        try viewModel.delete(at: 0)

        #expect(
            heard == [
                Status(count: 0, fetch: .idle), Status(count: 0, fetch: .loading),
                Status(count: 3, fetch: .loaded), Status(count: 2, fetch: .loaded),
            ], "the reload and its status arrive as one value; moves change nothing")
        subscription.cancel()
        try viewModel.delete(at: 0)
        #expect(heard.count == 4)
    }
}

private let alien = sampleMovies[0]
private let heat = sampleMovies[1]
private let jaws = sampleMovies[2]
