// The derived list, action by action: for each edit of a matching row and of a row that does not
// match, each undo and redo, and a reload, the exact sequence of filtered Changes it emits and the
// matching rows, with their positions, it leaves.

import MoviesTestSupport
import Testing

@testable import MoviesCore

/// Six films; the predicate `before1980` matches Alien, Jaws and Ikiru (positions 0, 2 and 5).
private let up = Movie(id: 4, title: "Up", year: 2009)
private let ran = Movie(id: 5, title: "Ran", year: 1985)
private let ikiru = Movie(id: 6, title: "Ikiru", year: 1952)
private let six = sampleMovies + [up, ran, ikiru]
private let alien = sampleMovies[0]
private let heat = sampleMovies[1]
private let jaws = sampleMovies[2]
private func before1980(_ movie: Movie) -> Bool { movie.year < 1980 }

private typealias Row = FilteredMirror.Row
private typealias Place = FilteredList.Place

@MainActor
@Suite("FilteredList", .hangGuard)
struct FilteredListTests {
    @Test func startsWithTheMatchesAndTheirPositions() {
        let find = FindRecorder(six, before1980)
        find.expect([.reloaded], rows: [Row(alien, at: 0), Row(jaws, at: 2), Row(ikiru, at: 5)])
    }

    @Test func aMatchingInsertAppearsInOrder() {
        let find = FindRecorder(six, before1980)
        find.expect([.reloaded], rows: [Row(alien, at: 0), Row(jaws, at: 2), Row(ikiru, at: 5)])
        let rocky = Movie(id: 7, title: "Rocky", year: 1976)
        find.send(
            .insert(title: "Rocky", year: 1976, at: 4),
            emits: [.inserted(rocky, at: Place(row: 2, index: 4))],
            rows: [Row(alien, at: 0), Row(jaws, at: 2), Row(rocky, at: 4), Row(ikiru, at: 6)])
        let metropolis = Movie(id: 8, title: "Metropolis", year: 1927)
        find.send(
            .insert(title: "Metropolis", year: 1927, at: 7),
            emits: [.inserted(metropolis, at: Place(row: 4, index: 7))],
            rows: [
                Row(alien, at: 0), Row(jaws, at: 2), Row(rocky, at: 4), Row(ikiru, at: 6),
                Row(metropolis, at: 7),
            ])
        let kane = Movie(id: 9, title: "Citizen Kane", year: 1941)
        find.send(
            .insert(title: "Citizen Kane", year: 1941, at: 0),
            emits: [.inserted(kane, at: Place(row: 0, index: 0))],
            rows: [
                Row(kane, at: 0), Row(alien, at: 1), Row(jaws, at: 3), Row(rocky, at: 5),
                Row(ikiru, at: 7), Row(metropolis, at: 8),
            ])
    }

    @Test func anInsertThatDoesNotMatchOnlyRenumbersTheMatchesAfterIt() {
        let find = FindRecorder(six, before1980)
        find.expect([.reloaded], rows: [Row(alien, at: 0), Row(jaws, at: 2), Row(ikiru, at: 5)])
        find.send(
            .insert(title: "Up 2", year: 2010, at: 1), emits: [.renumbered(rows: 1..<3, by: 1)],
            rows: [Row(alien, at: 0), Row(jaws, at: 3), Row(ikiru, at: 6)])
        find.send(
            .insert(title: "Coda", year: 2021, at: 0), emits: [.renumbered(rows: 0..<3, by: 1)],
            rows: [Row(alien, at: 1), Row(jaws, at: 4), Row(ikiru, at: 7)])
        // After the last match: no row shown moves, so nothing is emitted at all.
        find.send(
            .insert(title: "Dune", year: 2021, at: 8), emits: [],
            rows: [Row(alien, at: 1), Row(jaws, at: 4), Row(ikiru, at: 7)])
    }

    @Test func aDeletedMatchVanishesAndADeletedOtherRenumbers() {
        let find = FindRecorder(six, before1980)
        find.expect([.reloaded], rows: [Row(alien, at: 0), Row(jaws, at: 2), Row(ikiru, at: 5)])
        find.send(
            .delete(at: 2), emits: [.deleted(jaws, at: Place(row: 1, index: 2))],
            rows: [Row(alien, at: 0), Row(ikiru, at: 4)])
        find.send(
            .delete(at: 1), emits: [.renumbered(rows: 1..<2, by: -1)],
            rows: [Row(alien, at: 0), Row(ikiru, at: 3)])
        find.send(
            .delete(at: 0), emits: [.deleted(alien, at: Place(row: 0, index: 0))],
            rows: [Row(ikiru, at: 2)])
        find.send(
            .delete(at: 2), emits: [.deleted(ikiru, at: Place(row: 0, index: 2))], rows: [])
        // Nothing matches any more: deleting the rest shows nothing.
        find.send(.delete(at: 0), emits: [], rows: [])
    }

    @Test func movesOfMatchesAndOfOtherRows() {
        let find = FindRecorder(six, before1980)
        find.expect([.reloaded], rows: [Row(alien, at: 0), Row(jaws, at: 2), Row(ikiru, at: 5)])
        // A match passing a match: both change rows.
        find.send(
            .move(from: 0, to: 3),
            emits: [
                .moved(alien, from: Place(row: 0, index: 0), to: Place(row: 1, index: 3))
            ],
            rows: [Row(jaws, at: 1), Row(alien, at: 3), Row(ikiru, at: 5)])
        // A match passing only other rows: same row, new position.
        find.send(
            .move(from: 3, to: 4),
            emits: [
                .moved(alien, from: Place(row: 1, index: 3), to: Place(row: 1, index: 4))
            ],
            rows: [Row(jaws, at: 1), Row(alien, at: 4), Row(ikiru, at: 5)])
        // Another row passing matches, down then back up: their positions shift towards its start.
        find.send(
            .move(from: 0, to: 5), emits: [.renumbered(rows: 0..<3, by: -1)],
            rows: [Row(jaws, at: 0), Row(alien, at: 3), Row(ikiru, at: 4)])
        find.send(
            .move(from: 5, to: 0), emits: [.renumbered(rows: 0..<3, by: 1)],
            rows: [Row(jaws, at: 1), Row(alien, at: 4), Row(ikiru, at: 5)])
        // Another row passing no match: nothing to show.
        find.send(
            .move(from: 2, to: 3), emits: [],
            rows: [Row(jaws, at: 1), Row(alien, at: 4), Row(ikiru, at: 5)])
    }

    @Test func aRenameReadsDifferentlyInPlaceOrAppearsOrVanishes() {
        // Titles with an "e" match: Alien and Heat.
        let find = FindRecorder(six) { $0.title.contains("e") }
        find.expect([.reloaded], rows: [Row(alien, at: 0), Row(heat, at: 1)])
        let aliens = Movie(id: 1, title: "Aliens", year: 1979)
        let upside = Movie(id: 4, title: "Upside", year: 2009)
        let jaws2 = Movie(id: 3, title: "Jaws 2", year: 1975)
        // Still a match: drawn in place.
        find.send(
            .rename(at: 0, to: "Aliens"), emits: [.updated(aliens, at: Place(row: 0, index: 0))],
            rows: [Row(aliens, at: 0), Row(heat, at: 1)])
        // A match now: it appears among the others, and no position moves.
        find.send(
            .rename(at: 3, to: "Upside"),
            emits: [.startedMatching(upside, at: Place(row: 2, index: 3))],
            rows: [Row(aliens, at: 0), Row(heat, at: 1), Row(upside, at: 3)])
        // No match any more: the row as it was shown vanishes, and no position moves.
        find.send(
            .rename(at: 1, to: "Hat"),
            emits: [.stoppedMatching(heat, at: Place(row: 1, index: 1))],
            rows: [Row(aliens, at: 0), Row(upside, at: 3)])
        // Neither before nor after: no row, and no position moved.
        find.send(
            .rename(at: 2, to: "Jaws 2"), emits: [], rows: [Row(aliens, at: 0), Row(upside, at: 3)])
        #expect(find.store.state.movies[2] == jaws2)
        // Undo and redo are renames too, mapped the same way.
        find.send(.undo, emits: [], rows: [Row(aliens, at: 0), Row(upside, at: 3)])
        find.send(
            .undo, emits: [.startedMatching(heat, at: Place(row: 1, index: 1))],
            rows: [Row(aliens, at: 0), Row(heat, at: 1), Row(upside, at: 3)])
        find.send(
            .undo, emits: [.stoppedMatching(upside, at: Place(row: 2, index: 3))],
            rows: [Row(aliens, at: 0), Row(heat, at: 1)])
        find.send(
            .undo, emits: [.updated(alien, at: Place(row: 0, index: 0))],
            rows: [Row(alien, at: 0), Row(heat, at: 1)])
        find.send(
            .redo, emits: [.updated(aliens, at: Place(row: 0, index: 0))],
            rows: [Row(aliens, at: 0), Row(heat, at: 1)])
    }

    @Test func undoAndRedoAreMappedLikeAnyEdit() {
        let find = FindRecorder(six, before1980)
        find.expect([.reloaded], rows: [Row(alien, at: 0), Row(jaws, at: 2), Row(ikiru, at: 5)])
        let rocky = Movie(id: 7, title: "Rocky", year: 1976)
        let inserted = FilteredList.Change.inserted(rocky, at: Place(row: 1, index: 1))
        let jawsUp = FilteredList.Change.moved(
            jaws, from: Place(row: 2, index: 3), to: Place(row: 0, index: 0))
        let jawsBack = FilteredList.Change.moved(
            jaws, from: Place(row: 0, index: 0), to: Place(row: 2, index: 3))
        let original = [Row(alien, at: 0), Row(jaws, at: 2), Row(ikiru, at: 5)]
        let afterInsert = [
            Row(alien, at: 0), Row(rocky, at: 1), Row(jaws, at: 3), Row(ikiru, at: 6),
        ]
        let afterDelete = [
            Row(alien, at: 0), Row(rocky, at: 1), Row(jaws, at: 3), Row(ikiru, at: 5),
        ]
        let afterMove = [Row(jaws, at: 0), Row(alien, at: 1), Row(rocky, at: 2), Row(ikiru, at: 5)]

        find.send(.insert(title: "Rocky", year: 1976, at: 1), emits: [inserted], rows: afterInsert)
        find.send(.delete(at: 4), emits: [.renumbered(rows: 3..<4, by: -1)], rows: afterDelete)
        find.send(.move(from: 3, to: 0), emits: [jawsUp], rows: afterMove)

        find.send(.undo, emits: [jawsBack], rows: afterDelete)
        find.send(.undo, emits: [.renumbered(rows: 3..<4, by: 1)], rows: afterInsert)
        find.send(.undo, emits: [.deleted(rocky, at: Place(row: 1, index: 1))], rows: original)

        find.send(.redo, emits: [inserted], rows: afterInsert)
        find.send(.redo, emits: [.renumbered(rows: 3..<4, by: -1)], rows: afterDelete)
        find.send(.redo, emits: [jawsUp], rows: afterMove)
    }

    @Test func aReloadFiltersTheNewListAndUndoingItTheOldOne() async {
        let metropolis = Movie(id: 10, title: "Metropolis", year: 1927)
        let find = FindRecorder(six, before1980, serving: [metropolis, heat, jaws])
        let original = [Row(alien, at: 0), Row(jaws, at: 2), Row(ikiru, at: 5)]
        let fetched = [Row(metropolis, at: 0), Row(jaws, at: 2)]
        find.expect([.reloaded], rows: original)
        // `.fetch(.loading)` and `.fetch(.loaded)` are no rows: only the reload shows.
        await find.refresh(emits: [.reloaded], rows: fetched)
        find.send(.undo, emits: [.reloaded], rows: original)
        find.send(.redo, emits: [.reloaded], rows: fetched)
        find.send(
            .delete(at: 0), emits: [.deleted(metropolis, at: Place(row: 0, index: 0))],
            rows: [Row(jaws, at: 1)])
    }

    @Test func aRejectedActionEmitsNothing() {
        let find = FindRecorder(six, before1980)
        find.expect([.reloaded], rows: [Row(alien, at: 0), Row(jaws, at: 2), Row(ikiru, at: 5)])
        find.reject(.delete(at: 6))
        find.reject(.move(from: 0, to: -1))
        find.reject(.undo)
        find.expect([], rows: [Row(alien, at: 0), Row(jaws, at: 2), Row(ikiru, at: 5)])
    }

    @Test func aCancelledSubscriptionHearsNothingMore() throws {
        let viewModel = MoviesViewModel(
            api: StubAPI(), state: MoviesState(movies: six, fetchStatus: .loaded))
        var heard: [FilteredList.Change] = []
        let subscription = viewModel.subscribe(filtered: before1980) { change, _ in
            heard.append(change)
        }
        try viewModel.delete(at: 0)
        subscription.cancel()
        try viewModel.delete(at: 0)
        #expect(heard == [.reloaded, .deleted(alien, at: Place(row: 0, index: 0))])
    }

    @Test func answersPositionsAndRows() {
        let list = FilteredList(six, matching: before1980)
        #expect(list.movies == [alien, jaws, ikiru])
        #expect(list.count == 3)
        #expect((0..<3).map(list.index(ofRow:)) == [0, 2, 5])
        #expect(list.indexes(ofRows: 0..<3) == [0, 2, 5])
        #expect(list.indexes(ofRows: 1..<3) == [2, 5])
        #expect(list.indexes(ofRows: 3..<3) == [])
        #expect((0...6).map(list.row(forIndex:)) == [0, 1, 1, 2, 2, 2, 3])
        let none = FilteredList(six) { _ in false }
        #expect(none.count == 0)
        #expect(none.indexes(ofRows: 0..<0) == [])
    }

    @Test func theFetchStatusIsNoRow() {
        var list = FilteredList(six, matching: before1980)
        let state = MoviesState(movies: six, fetchStatus: .loading)
        #expect(list.apply(.fetch(.loading), in: state) == .none)
        #expect(list.apply(.fetch(.failed("offline")), in: state) == .none)
        #expect(list.apply(.none, in: state) == .none)
        #expect(list.movies == [alien, jaws, ikiru])
    }
}

/// A store with a filtered subscription: a test states every filtered Change and the rows left.
///
/// Every Change is also applied to a `FilteredMirror`, which must equal the store's list filtered
/// afresh, as must the filtered list itself.
@MainActor
private final class FindRecorder {
    let store: MoviesViewModel
    private let predicate: (Movie) -> Bool
    private var unasserted: [FilteredList.Change] = []
    private var mirror = FilteredMirror(filtering: [], by: { _ in false })
    /// The filtered list's own rows, as it lent them with its latest Change.
    private var listRows: [Row] = []
    private var subscription: MoviesViewModel.Subscription?

    init(_ movies: [Movie], _ predicate: @escaping (Movie) -> Bool, serving: [Movie] = []) {
        store = MoviesViewModel(
            api: StubAPI(movies: serving), state: MoviesState(movies: movies, fetchStatus: .loaded))
        self.predicate = predicate
        subscription = store.subscribe(filtered: predicate) { [weak self] change, list in
            self?.observe(change, list)
        }
    }

    isolated deinit {
        subscription?.cancel()
        if !unasserted.isEmpty { Issue.record("Changes never asserted: \(unasserted)") }
    }

    private func observe(_ change: FilteredList.Change, _ list: FilteredList) {
        unasserted.append(change)
        let fits = mirror.apply(change, current: list)
        #expect(fits, "\(change) fits the rows shown")
        listRows = zip(list.movies, list.indexes(ofRows: 0..<list.count)).map { Row($0, at: $1) }
    }

    /// Sends `action`, which must be accepted and emit exactly `changes`, leaving `rows`.
    func send(
        _ action: MoviesViewModel.Action, emits changes: [FilteredList.Change], rows: [Row],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            try store.send(action)
        } catch {
            Issue.record("\(action) was rejected: \(error)", sourceLocation: sourceLocation)
        }
        expect(changes, rows: rows, sourceLocation: sourceLocation)
    }

    /// Refreshes and waits for the list, expecting exactly `changes` and `rows`.
    func refresh(
        emits changes: [FilteredList.Change], rows: [Row],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        store.refresh()
        await store.settleFetch()
        expect(changes, rows: rows, sourceLocation: sourceLocation)
    }

    /// Sends `action`, which must be rejected.
    func reject(_ action: MoviesViewModel.Action, sourceLocation: SourceLocation = #_sourceLocation)
    {
        #expect(throws: MoviesState.EditError.self, sourceLocation: sourceLocation) {
            try self.store.send(action)
        }
    }

    /// Expects the Changes emitted since the last assertion to be `changes`, and the mirror, the
    /// list and a fresh filter of the state to be `rows`.
    func expect(
        _ changes: [FilteredList.Change], rows: [Row],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(unasserted == changes, sourceLocation: sourceLocation)
        unasserted = []
        #expect(mirror.rows == rows, "the mirror", sourceLocation: sourceLocation)
        #expect(listRows == rows, "the filtered list", sourceLocation: sourceLocation)
        #expect(
            FilteredMirror.filter(store.state.movies, by: predicate) == rows, "a fresh filter",
            sourceLocation: sourceLocation)
    }
}
