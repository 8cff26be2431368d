// The invariant that proves the design: a mirror of the list, updated only from the emitted
// Changes, equals the state's list after every action, for any sequence of actions. Hundreds of
// seeded random sequences mix valid and invalid inserts, deletes, moves, renames and ratings with
// reloads, undos, redos, and time travels (goto, skip) whose every step is checked.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCore

@MainActor
@Suite("The Change contract", .hangGuard)
struct ChangeContractTests {
    @Test func aMirrorBuiltFromChangesMatchesTheState() async throws {
        // One test looping over the seeds rather than 300 test cases: a failure still names its
        // seed and step, and the test log gets one line instead of 300.
        for seed in 0..<300 {
            try await checkRandomSequence(seed: seed)
        }
    }

    private func checkRandomSequence(seed: Int) async throws {
        var random = SeededGenerator(seed: UInt64(seed))
        let catalogs: [[Movie]] = [
            sampleMovies,
            [],
            (1...12).map { Movie(id: $0 * 10, title: "Film \($0)", year: 1950 + $0) },
        ]
        // The API serves the first catalog, then `sampleMovies` on every later fetch. What it
        // served is the oracle for each reload: the mirror takes the state's list on
        // `.reloaded`, so it cannot tell a wrong reload from a right one.
        let served = [catalogs[seed % catalogs.count], sampleMovies]
        let viewModel = MoviesViewModel(api: StubAPI(.success(served[0]), .success(served[1])))
        var mirror = MirrorList(movies: viewModel.state.movies)
        var emitted = 0
        var fetches = 0
        var reloads = 0
        // Whether a fetch's answer is awaited: its reload is what was served. (A travel's reloads
        // swap back lists the history kept, which the mirror checks against the Changes.)
        let fetching = Flag()
        viewModel.subscribe { change, state in
            emitted += 1
            let fits = mirror.apply(change, current: state.movies)
            #expect(fits, "\(change) fits the rows the mirror shows")
            if case .reloaded = change, fetching.isOn {
                reloads += 1
                let expected = served[min(fetches, served.count) - 1]
                #expect(state.movies == expected, "seed \(seed): the reload brings what was served")
            }
        }

        for step in 0..<40 {
            let count = viewModel.state.movies.count
            // Indexes range one past each end so that rejections are exercised too.
            let index = Int.random(in: -1...(count + 1), using: &random)
            let other = Int.random(in: -1...(count + 1), using: &random)
            let before = viewModel.state
            let emittedBefore = emitted
            do {
                let edits = viewModel.history.count
                switch Int.random(in: 0..<18, using: &random) {
                case 0:
                    fetches += 1
                    fetching.isOn = true
                    viewModel.refresh()
                    await viewModel.settleFetch()
                    fetching.isOn = false
                    #expect(reloads == fetches, "seed \(seed), step \(step): one reload per fetch")
                case 1, 2, 3:
                    let year = Int.random(in: 1880...2110, using: &random)
                    try viewModel.insert(title: "Step \(step)", year: year, at: index)
                case 4, 5:
                    try viewModel.delete(at: index)
                case 6, 7:
                    // The title it has now and then (no Change), a blank one now and then.
                    let current =
                        viewModel.state.movies.indices.contains(index)
                        ? viewModel.state.movies[index].title : "Lost"
                    let titles = [current, "Renamed \(step)", "Film 3", " ", "Alien"]
                    let title = titles[Int.random(in: 0..<titles.count, using: &random)]
                    try viewModel.rename(at: index, to: title)
                case 14:
                    try viewModel.send(
                        .goto(edit: Int.random(in: -1...(edits + 1), using: &random)))
                case 15:
                    try viewModel.send(.skip(edit: Int.random(in: 0...(edits + 1), using: &random)))
                case 16:
                    try viewModel.undo()
                case 17:
                    try viewModel.redo()
                case 8, 9:
                    // Out of range now and then, none now and then, the same now and then.
                    try viewModel.rate(
                        at: index, stars: [nil, 0, 1, 3, 5, 6].randomElement(using: &random) ?? nil)
                default:
                    try viewModel.move(from: index, to: other)
                }
            } catch {
                #expect(viewModel.state == before, "a rejected action leaves the state as it was")
                #expect(emitted == emittedBefore, "a rejected action emits nothing")
            }
            #expect(mirror.movies == viewModel.state.movies, "seed \(seed), step \(step)")
            #expect(Set(viewModel.state.movies.map(\.id)).count == viewModel.state.movies.count)
        }
    }
}

/// A flag the test and its subscriber share.
@MainActor
private final class Flag {
    var isOn = false
}

/// Each Change's inverse, and its JSON form (the trace's and the journal's).
@Suite("MoviesState.Change", .hangGuard)
struct ChangeTests {
    static let jaws = Movie(id: 3, title: "Jaws", year: 1975)

    @Test(arguments: [
        (
            MoviesState.Change.inserted(jaws, at: 2),
            MoviesState.Change.deleted(jaws, at: 2)
        ),
        (.deleted(jaws, at: 0), .inserted(jaws, at: 0)),
        (.moved(jaws, from: 2, to: 0), .moved(jaws, from: 0, to: 2)),
        (
            .updated(at: 1, old: jaws.titled("Shark"), new: jaws),
            .updated(
                at: 1, old: Movie(id: 3, title: "Shark", year: 1975).titled("Jaws"),
                new: Movie(id: 3, title: "Shark", year: 1975))
        ),
    ])
    func aRowChangeIsUndoneByItsInverse(change: MoviesState.Change, inverse: MoviesState.Change) {
        #expect(change.inverse == inverse)
        #expect(inverse.inverse == change, "the inverse of the inverse is the Change")
        #expect(change.changesList)
    }

    @Test(arguments: [
        MoviesState.Change.none, .fetch(.loading), .reloaded(replaced: [jaws]),
    ])
    func otherChangesHaveNoRowInverse(change: MoviesState.Change) {
        #expect(change.inverse == nil)
    }

    @Test func onlyListChangesChangeTheList() {
        #expect(!MoviesState.Change.none.changesList)
        #expect(!MoviesState.Change.fetch(.failed("x")).changesList)
        #expect(MoviesState.Change.reloaded(replaced: []).changesList)
    }

    /// One Change of each kind, with its JSON.
    static let encoded: [(MoviesState.Change, String)] = [
        (
            MoviesState.Change.inserted(jaws, at: 2),
            #"{"inserted":{"at":2,"movie":{"id":3,"title":"Jaws","year":1975}}}"#
        ),
        (
            .deleted(jaws, at: 0),
            #"{"deleted":{"at":0,"movie":{"id":3,"title":"Jaws","year":1975}}}"#
        ),
        (
            .moved(jaws, from: 2, to: 0),
            #"{"moved":{"from":2,"movie":{"id":3,"title":"Jaws","year":1975},"to":0}}"#
        ),
        (
            .updated(at: 1, old: jaws.titled("Shark"), new: jaws),
            #"{"updated":{"at":1,"new":{"id":3,"title":"Jaws","year":1975},"#
                + #""old":{"id":3,"title":"Shark","year":1975}}}"#
        ),
        (
            .updated(at: 0, old: jaws, new: jaws.rated(4)),
            #"{"updated":{"at":0,"new":{"id":3,"rating":4,"title":"Jaws","year":1975},"#
                + #""old":{"id":3,"title":"Jaws","year":1975}}}"#
        ),
        (
            .reloaded(replaced: [jaws]),
            #"{"reloaded":{"replaced":[{"id":3,"title":"Jaws","year":1975}]}}"#
        ),
        (.fetch(.loading), #"{"fetch":{"status":{"loading":{}}}}"#),
        (.fetch(.failed("offline")), #"{"fetch":{"status":{"failed":{"reason":"offline"}}}}"#),
        (.none, #"{"none":{}}"#),
    ]

    /// The store copies a Change several times an action: a row that reads differently keeps
    /// its two movies in a box (`indirect`), so a Change stays the size of a move's payload.
    @Test func aChangeIsNoLargerThanAMove() {
        let move = MemoryLayout<(Movie, Int, Int)>.size
        #expect(MemoryLayout<MoviesState.Change>.size <= move + 1)
        #expect(MemoryLayout<MoviesState.Change>.size < MemoryLayout<(Movie, Movie)>.size)
    }

    @Test func everyKindOfChangeHasItsJSONChecked() {
        #expect(ChangeKind.missing(from: Self.encoded.map(\.0)) == [])
    }

    @Test(arguments: encoded)
    func encodesAsOneReadableObject(change: MoviesState.Change, json: String) throws {
        #expect(try SortedJSON.text(change) == json)
        #expect(try JSONDecoder().decode(MoviesState.Change.self, from: Data(json.utf8)) == change)
    }

    @Test(arguments: [
        #"{"inserted":{"at":2}}"#, #"{"moved":{"movie":{"id":3,"title":"Jaws","year":1975}}}"#,
        #"{"teleported":{}}"#, #"{"deleted":{"at":"two","movie":{}}}"#, "[]",
        #"{"none":{},"fetch":{"status":{"idle":{}}}}"#,
    ])
    func rejectsJSONThatIsNoChange(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(MoviesState.Change.self, from: Data(json.utf8))
        }
    }
}
