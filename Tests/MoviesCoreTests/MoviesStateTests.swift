// Every reducer on `MoviesState`: the Change it returns and the state it leaves, including every
// rejection, where the state must be exactly as it was.

import MoviesTestSupport
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
        #expect(state.reload(sampleMovies) == .reloaded(replaced: []))
        #expect(state.movies == sampleMovies)
        #expect(state.fetchStatus == .loading)
    }

    @Test func reloadReportsReloadedEvenForAnEqualList() {
        var state = loaded
        #expect(state.reload(sampleMovies) == .reloaded(replaced: sampleMovies))
    }

    @Test func reloadKeepsTheReplacedListWithoutCopyingIt() {
        var state = loaded
        let before = state.movies.withUnsafeBufferPointer { $0.baseAddress }
        guard case .reloaded(let replaced) = state.reload([]) else {
            Issue.record("reload reports .reloaded")
            return
        }
        #expect(replaced.withUnsafeBufferPointer { $0.baseAddress } == before)
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
        #expect(throws: MoviesState.EditError.outOfRange(.year, year, valid: 1888...2100)) {
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

    // MARK: Rename

    @Test(arguments: [0, 1, 2])
    func renameGivesTheMovieAtTheIndexANewTitleAndCarriesTheOldOne(index: Int) throws {
        var state = loaded
        let old = sampleMovies[index]
        let renamed = Movie(id: old.id, title: "Renamed", year: old.year)
        #expect(
            try state.rename(at: index, to: "Renamed")
                == .updated(at: index, old: renamed.titled(old.title), new: renamed))
        var expected = sampleMovies
        expected[index] = renamed
        #expect(state.movies == expected)
        #expect(state.nextID == loaded.nextID, "a rename hands out no id")
    }

    /// The same title, and the same title spelled in other scalars (`é` as `e` and an accent):
    /// Swift's strings compare them as equal, and so does the reducer.
    @Test(arguments: [("Alien", "Alien"), ("Am\u{E9}lie", "Ame\u{301}lie")])
    func renameToTheSameTitleChangesNothing(title: String, typed: String) throws {
        let before = MoviesState(
            movies: [Movie(id: 1, title: title, year: 2001)], fetchStatus: .loaded)
        var state = before
        #expect(try state.rename(at: 0, to: typed) == .none)
        #expect(state == before)
        #expect(state.movies[0].title.unicodeScalars.elementsEqual(title.unicodeScalars))
    }

    @Test(arguments: [-1, 3, Int.max, Int.min])
    func renameRejectsAnIndexOutOfRange(index: Int) {
        var state = loaded
        #expect(throws: MoviesState.EditError.indexOutOfRange(index, valid: 0..<3)) {
            try state.rename(at: index, to: "Up")
        }
        #expect(state == loaded)
    }

    @Test func renameRejectsABlankOrTooLongTitleAsInsertDoes() throws {
        // A loop, not test arguments: Swift Testing would print the tab and newline raw.
        for (title, error) in [
            ("", MoviesState.EditError.emptyTitle), (" ", .emptyTitle), ("\t\n", .emptyTitle),
            (String(repeating: "é", count: 501), .titleTooLong(maximum: 500)),
        ] {
            var state = loaded
            #expect(throws: error, "\(title.debugDescription)") {
                try state.rename(at: 0, to: title)
            }
            #expect(state == loaded)
        }
        var state = loaded
        let longest = String(repeating: "🎬", count: 500)
        #expect(try state.rename(at: 0, to: longest) != .none)
    }

    @Test func renameChecksTheTitleBeforeThePosition() {
        var state = MoviesState(fetchStatus: .loaded)
        #expect(throws: MoviesState.EditError.emptyTitle) { try state.rename(at: 0, to: "") }
        #expect(throws: MoviesState.EditError.indexOutOfRange(0, valid: 0..<0)) {
            try state.rename(at: 0, to: "Up")
        }
    }

    // MARK: Rate

    @Test(arguments: [0, 1, 2])
    func rateGivesTheMovieStarsAndCarriesTheMovieBeforeAndAfter(index: Int) throws {
        var state = loaded
        let old = sampleMovies[index]
        #expect(
            try state.rate(at: index, stars: 4) == .updated(at: index, old: old, new: old.rated(4)))
        #expect(
            try state.rate(at: index, stars: 2)
                == .updated(at: index, old: old.rated(4), new: old.rated(2)))
        #expect(
            try state.rate(at: index, stars: nil)
                == .updated(at: index, old: old.rated(2), new: old))
        #expect(state == loaded, "the movie is as it was, title, year and id included")
    }

    @Test(arguments: [nil, 3])
    func rateToTheRatingTheMovieHasChangesNothing(stars: Int?) throws {
        let before = MoviesState(movies: [up.rated(stars)], fetchStatus: .loaded)
        var state = before
        #expect(try state.rate(at: 0, stars: stars) == .none)
        #expect(state == before)
    }

    @Test(arguments: [0, 6, -1, Int.max, Int.min])
    func rateRejectsStarsOutOfRange(stars: Int) {
        var state = loaded
        #expect(throws: MoviesState.EditError.outOfRange(.rating, stars, valid: 1...5)) {
            try state.rate(at: 0, stars: stars)
        }
        #expect(state == loaded)
    }

    @Test(arguments: [-1, 3, Int.max, Int.min])
    func rateRejectsAnIndexOutOfRange(index: Int) {
        var state = loaded
        #expect(throws: MoviesState.EditError.indexOutOfRange(index, valid: 0..<3)) {
            try state.rate(at: index, stars: 5)
        }
        #expect(state == loaded)
    }

    /// A rename keeps the rating, a rating keeps the title, and undoing either puts back the
    /// whole movie it replaced: no field is lost on the way.
    @Test func aRenameAndARatingOfOneMovieUndoFieldByField() throws {
        var state = loaded
        let rated = try state.rate(at: 2, stars: 4)
        let renamed = try state.rename(at: 2, to: "Kane")
        #expect(state.movies[2] == Movie(id: 3, title: "Kane", year: 1975, rating: 4))
        #expect(
            try state.revert(renamed)
                == .updated(
                    at: 2, old: Movie(id: 3, title: "Kane", year: 1975, rating: 4),
                    new: sampleMovies[2].rated(4)))
        #expect(state.movies[2] == sampleMovies[2].rated(4))
        _ = try state.revert(rated)
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
        #expect(throws: MoviesState.EditError.stillLoading) { try state.rename(at: 0, to: "Up") }
        #expect(throws: MoviesState.EditError.stillLoading) { try state.rate(at: 0, stars: 9) }
        #expect(state == loading)
    }

    @Test func editsWorkAfterAFailedFetch() throws {
        var state = MoviesState(movies: sampleMovies, fetchStatus: .failed("offline"))
        #expect(try state.delete(at: 0) == .deleted(sampleMovies[0], at: 0))
    }

    // MARK: Revert (undo and redo)

    @Test(arguments: [
        (
            MoviesState.Change.inserted(up, at: 1),
            [sampleMovies[0], up, sampleMovies[1], sampleMovies[2]],
            MoviesState.Change.deleted(up, at: 1)
        ),
        (
            .deleted(sampleMovies[1], at: 1), [sampleMovies[0], sampleMovies[2]],
            .inserted(sampleMovies[1], at: 1)
        ),
        (
            .moved(sampleMovies[0], from: 0, to: 2),
            [sampleMovies[1], sampleMovies[2], sampleMovies[0]],
            .moved(sampleMovies[0], from: 2, to: 0)
        ),
        (
            .updated(at: 0, old: alien2.titled("Alien"), new: alien2),
            [alien2, sampleMovies[1], sampleMovies[2]],
            .updated(at: 0, old: sampleMovies[0].titled("Alien 2"), new: sampleMovies[0])
        ),
    ])
    func revertAppliesTheInverseAndReturnsIt(
        change: MoviesState.Change, after: [Movie], inverse: MoviesState.Change
    ) throws {
        var state = MoviesState(movies: after, fetchStatus: .loaded, nextID: 5)
        #expect(change.inverse == inverse)
        #expect(try state.revert(change) == inverse)
        #expect(state.movies == sampleMovies)
        #expect(try state.revert(inverse) == change, "reverting the revert is redo")
        #expect(state.movies == after)
        #expect(state.nextID == 5, "ids handed out stay handed out")
    }

    @Test func revertingAReloadSwapsTheListsBack() throws {
        var state = loaded
        let reload = state.reload([up])
        #expect(try state.revert(reload) == .reloaded(replaced: [up]))
        #expect(state.movies == sampleMovies)
        #expect(try state.revert(.reloaded(replaced: [up])) == .reloaded(replaced: sampleMovies))
        #expect(state.movies == [up])
    }

    @Test(arguments: [
        MoviesState.Change.deleted(up, at: 7), .moved(up, from: 0, to: 1),
        .inserted(up, at: 0), .inserted(sampleMovies[0], at: 1), .none, .fetch(.loaded),
        .updated(at: 0, old: alien2.titled("Alien"), new: alien2),
        .updated(at: 3, old: alien2.titled("Up"), new: alien2),
    ])
    func revertRejectsAChangeThatDoesNotFit(change: MoviesState.Change) {
        var state = loaded
        #expect(throws: MoviesState.EditError.doesNotApply) { try state.revert(change) }
        #expect(state == loaded)
    }

    @Test func revertIsRejectedWhileLoading() {
        var state = MoviesState(movies: sampleMovies, fetchStatus: .loading)
        #expect(throws: MoviesState.EditError.stillLoading) {
            try state.revert(.deleted(up, at: 0))
        }
        #expect(state.movies == sampleMovies)
    }

    // MARK: Apply (restoring a journal)

    @Test func applyReplaysRowChangesAndKeepsIDsFresh() throws {
        var state = loaded
        let big = Movie(id: 90, title: "Big", year: 1988)
        #expect(try state.apply(.inserted(big, at: 0)) == .inserted(big, at: 0))
        #expect(try state.apply(.moved(big, from: 0, to: 3)) == .moved(big, from: 0, to: 3))
        #expect(try state.apply(.deleted(big, at: 3)) == .deleted(big, at: 3))
        let renamed = MoviesState.Change.updated(at: 0, old: alien2.titled("Alien"), new: alien2)
        #expect(try state.apply(renamed) == renamed)
        #expect(state.movies == [alien2, sampleMovies[1], sampleMovies[2]])
        #expect(try state.apply(renamed.inverse!) == renamed.inverse)
        #expect(state.movies == sampleMovies)
        #expect(state.nextID == 91, "an id seen in a journal is never handed out again")
    }

    @Test(arguments: [
        MoviesState.Change.inserted(up, at: 4), .inserted(up, at: -1),
        .deleted(sampleMovies[0], at: 1), .deleted(up, at: 9),
        .moved(sampleMovies[1], from: 0, to: 2),
        .moved(sampleMovies[0], from: 0, to: 3), .reloaded(replaced: []), .fetch(.idle), .none,
        // A rename must find its movie where it says, under its old title, with its id and year.
        .updated(at: 1, old: alien2.titled("Alien"), new: alien2),
        .updated(at: 0, old: alien2.titled("Aliens"), new: alien2),
        .updated(
            at: 0, old: Movie(id: 9, title: "Alien 2", year: 1979).titled("Alien"),
            new: Movie(id: 9, title: "Alien 2", year: 1979)),
        .updated(
            at: 0, old: Movie(id: 1, title: "Alien 2", year: 1986).titled("Alien"),
            new: Movie(id: 1, title: "Alien 2", year: 1986)),
        .updated(at: -1, old: alien2.titled("Alien"), new: alien2),
        .updated(at: 3, old: alien2.titled("Alien"), new: alien2),
        // The old movie is compared whole: a field the row does not hold, a rating here, does
        // not fit; and the new movie must be the same movie.
        .updated(at: 0, old: sampleMovies[0].rated(2), new: sampleMovies[0].rated(3)),
        .updated(at: 0, old: sampleMovies[0], new: Movie(id: 9, title: "Alien", year: 1979)),
    ])
    func applyRejectsWhatDoesNotFit(change: MoviesState.Change) {
        var state = loaded
        #expect(throws: MoviesState.EditError.doesNotApply) { try state.apply(change) }
        #expect(state == loaded)
    }

    @Test func anInsertAfterTheLastValidIDIsRejected() throws {
        let last = Movie(id: Movie.validIDs.upperBound, title: "Last", year: 2000)
        var state = MoviesState(movies: [last], fetchStatus: .loaded)
        let before = state
        #expect(throws: MoviesState.EditError.noFreeID(valid: Movie.validIDs)) {
            try state.insert(title: "Up", year: 2009, at: 0)
        }
        #expect(state == before)
        // One below the top still works, once.
        state = MoviesState(
            movies: [Movie(id: Movie.validIDs.upperBound - 1, title: "Next", year: 2000)])
        _ = try state.insert(title: "Up", year: 2009, at: 0)
        #expect(state.movies.first?.id == Movie.validIDs.upperBound)
        #expect(throws: MoviesState.EditError.noFreeID(valid: Movie.validIDs)) {
            try state.insert(title: "Down", year: 2009, at: 0)
        }
    }

    @Test func anIDAtTheTopOfTheRangeDoesNotOverflow() throws {
        var state = MoviesState(movies: [Movie(id: Int.max, title: "Last", year: 2000)])
        #expect(state.nextID == Int.max)
        _ = try state.apply(.deleted(Movie(id: Int.max, title: "Last", year: 2000), at: 0))
        #expect(state.nextID == Int.max)
    }
}

private let up = Movie(id: 4, title: "Up", year: 2009)
/// `sampleMovies[0]` (Alien) renamed.
private let alien2 = Movie(id: 1, title: "Alien 2", year: 1979)
