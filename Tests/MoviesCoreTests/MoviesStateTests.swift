// Every reducer on `MoviesState`: the Change it returns and the state it leaves, including every
// rejection, where the state must be exactly as it was.

import Testing

@testable import MoviesCore

@Suite("MoviesState reducers")
struct MoviesStateTests {
    let loaded = MoviesState(movies: sampleMovies, fetchStatus: .loaded)

    // MARK: Fetch status

    @Test func beginLoadingReportsTheIndicatorAndKeepsTheList() {
        var state = loaded
        #expect(state.beginLoading() == .fetch(.loading))
        #expect(state.fetchStatus == .loading)
        #expect(state.movies == sampleMovies)
    }

    @Test func aTransitionToTheSameStatusChangesNothing() {
        var state = MoviesState(fetchStatus: .loading)
        #expect(state.beginLoading() == .none)
        #expect(state == MoviesState(fetchStatus: .loading))
    }

    @Test func finishAndFailSetTheStatus() {
        var state = MoviesState(fetchStatus: .loading)
        #expect(state.failLoading("offline") == .fetch(.failed("offline")))
        #expect(state.fetchStatus == .failed("offline"))
        #expect(state.beginLoading() == .fetch(.loading))
        #expect(state.finishLoading() == .fetch(.loaded))
        #expect(state.fetchStatus == .loaded)
    }

    @Test func failingKeepsTheMoviesItHad() {
        var state = MoviesState(movies: sampleMovies, fetchStatus: .loading)
        _ = state.failLoading("offline")
        #expect(state.movies == sampleMovies)
    }

    // MARK: Reload

    @Test func reloadReplacesTheListAndReportsReloaded() {
        var state = MoviesState(fetchStatus: .loading)
        #expect(state.reload(sampleMovies) == .reloaded)
        #expect(state.movies == sampleMovies)
        #expect(state.fetchStatus == .loading)
    }

    @Test func reloadReportsReloadedEvenForAnEqualList() {
        var state = loaded
        #expect(state.reload(sampleMovies) == .reloaded)
    }

    @Test func idsAreNeverReusedAfterAReloadWithSmallerIDs() throws {
        var state = loaded
        _ = state.reload([Movie(id: 1, title: "Up", year: 2009)])
        _ = try state.insert(title: "Coco", year: 2017, at: 1)
        #expect(state.movies.map(\.id) == [1, 4])
    }

    // MARK: Insert

    @Test(arguments: [0, 1, 3])
    func insertPutsANewMovieAtTheIndex(index: Int) throws {
        var state = loaded
        let change = try state.insert(title: "Up", year: 2009, at: index)
        let up = Movie(id: 4, title: "Up", year: 2009)
        #expect(change == .inserted(up, at: index))
        var expected = sampleMovies
        expected.insert(up, at: index)
        #expect(state.movies == expected)
        #expect(state.nextID == 5)
    }

    @Test func insertedMoviesGetFreshIDsEvenAfterADelete() throws {
        var state = loaded
        _ = try state.delete(at: 2)
        _ = try state.insert(title: "Up", year: 2009, at: 2)
        #expect(state.movies.map(\.id) == [1, 2, 4])
    }

    @Test(arguments: [-1, 4, Int.max, Int.min])
    func insertRejectsAnIndexOutOfRange(index: Int) {
        var state = loaded
        #expect(throws: MoviesState.EditError.indexOutOfRange(index, valid: 0..<4)) {
            try state.insert(title: "Up", year: 2009, at: index)
        }
        #expect(state == loaded)
    }

    @Test func insertRejectsABlankTitle() {
        // A loop, not test arguments: Swift Testing would print the tab and newline raw.
        for title in ["", " ", "\t\n"] {
            var state = loaded
            #expect(throws: MoviesState.EditError.emptyTitle, "\(title.debugDescription)") {
                try state.insert(title: title, year: 2009, at: 0)
            }
            #expect(state == loaded)
        }
    }

    @Test func insertRejectsATitleLongerThanTheMaximum() throws {
        var state = loaded
        #expect(throws: MoviesState.EditError.titleTooLong(maximum: 500)) {
            try state.insert(title: String(repeating: "é", count: 501), year: 2009, at: 0)
        }
        #expect(state == loaded)
        let longest = String(repeating: "🎬", count: 500)
        #expect(try state.insert(title: longest, year: 2009, at: 0) != .none)
    }

    @Test(arguments: [0, 1887, 2101, Int.max, Int.min])
    func insertRejectsAYearOutOfRange(year: Int) {
        var state = loaded
        #expect(throws: MoviesState.EditError.yearOutOfRange(year, valid: 1888...2100)) {
            try state.insert(title: "Up", year: year, at: 0)
        }
        #expect(state == loaded)
    }

    @Test(arguments: [1888, 2100])
    func insertAcceptsTheBoundaryYears(year: Int) throws {
        var state = loaded
        #expect(try state.insert(title: "Edge", year: year, at: 3) != .none)
        #expect(state.movies.last?.year == year)
    }

    // MARK: Delete

    @Test(arguments: [0, 1, 2])
    func deleteRemovesTheMovieAndCarriesIt(index: Int) throws {
        var state = loaded
        #expect(try state.delete(at: index) == .deleted(sampleMovies[index], at: index))
        var expected = sampleMovies
        expected.remove(at: index)
        #expect(state.movies == expected)
    }

    @Test(arguments: [-1, 3, Int.max])
    func deleteRejectsAnIndexOutOfRange(index: Int) {
        var state = loaded
        #expect(throws: MoviesState.EditError.indexOutOfRange(index, valid: 0..<3)) {
            try state.delete(at: index)
        }
        #expect(state == loaded)
    }

    @Test func deleteFromAnEmptyListNamesAnEmptyRange() {
        var state = MoviesState(fetchStatus: .loaded)
        #expect(throws: MoviesState.EditError.indexOutOfRange(0, valid: 0..<0)) {
            try state.delete(at: 0)
        }
    }

    // MARK: Move

    @Test(arguments: [
        (0, 2, [2, 3, 1]), (2, 0, [3, 1, 2]), (0, 1, [2, 1, 3]), (1, 2, [1, 3, 2]),
    ])
    func moveLandsTheMovieAtTheDestination(from: Int, to: Int, ids: [Int]) throws {
        var state = loaded
        let change = try state.move(from: from, to: to)
        #expect(change == .moved(sampleMovies[from], from: from, to: to))
        #expect(state.movies.map(\.id) == ids)
        #expect(state.movies[to] == sampleMovies[from])
    }

    @Test func moveOntoItselfChangesNothing() throws {
        var state = loaded
        #expect(try state.move(from: 1, to: 1) == .none)
        #expect(state == loaded)
    }

    @Test(arguments: [(-1, 0, -1), (0, 3, 3), (3, 0, 3), (5, 9, 5), (0, Int.max, Int.max)])
    func moveRejectsAnIndexOutOfRange(from: Int, to: Int, bad: Int) {
        var state = loaded
        #expect(throws: MoviesState.EditError.indexOutOfRange(bad, valid: 0..<3)) {
            try state.move(from: from, to: to)
        }
        #expect(state == loaded)
    }

    // MARK: Edits while loading

    @Test func everyEditIsRejectedWhileLoading() {
        let loading = MoviesState(movies: sampleMovies, fetchStatus: .loading)
        var state = loading
        #expect(throws: MoviesState.EditError.stillLoading) {
            try state.insert(title: "Up", year: 2009, at: 0)
        }
        #expect(throws: MoviesState.EditError.stillLoading) { try state.delete(at: 0) }
        #expect(throws: MoviesState.EditError.stillLoading) { try state.move(from: 0, to: 1) }
        #expect(state == loading)
    }

    @Test func editsWorkAfterAFailedFetch() throws {
        var state = MoviesState(movies: sampleMovies, fetchStatus: .failed("offline"))
        #expect(try state.delete(at: 0) == .deleted(sampleMovies[0], at: 0))
    }
}
