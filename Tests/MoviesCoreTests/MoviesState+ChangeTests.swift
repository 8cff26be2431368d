// The invariant that proves the design: a mirror of the list, updated only from the emitted
// Changes, equals the state's list after every action, for any sequence of actions. Hundreds of
// seeded random sequences mix valid and invalid inserts, deletes and moves with reloads.

import Testing

@testable import MoviesCore

/// A view's copy of the list, kept up to date only by applying Changes, the way a table view
/// applies batch updates.
struct MirrorList {
    private(set) var movies: [Movie]

    /// Applies one Change; row changes are checked against the row the mirror has there.
    mutating func apply(_ change: MoviesState.Change, reloadedWith current: [Movie]) {
        switch change {
        case .none, .fetch:
            break
        case .reloaded:
            movies = current
        case .inserted(let movie, let index):
            movies.insert(movie, at: index)
        case .deleted(let movie, let index):
            #expect(movies[index] == movie, "the deleted row is the one the view showed there")
            movies.remove(at: index)
        case .moved(let movie, let source, let destination):
            #expect(movies[source] == movie, "the moved row is the one the view showed there")
            movies.remove(at: source)
            movies.insert(movie, at: destination)
        }
    }
}

@MainActor
@Suite("The Change contract")
struct ChangeContractTests {
    @Test(arguments: 0..<300)
    func aMirrorBuiltFromChangesMatchesTheState(seed: Int) async throws {
        var random = SeededGenerator(seed: UInt64(seed))
        let catalogs: [[Movie]] = [
            sampleMovies,
            [],
            (1...12).map { Movie(id: $0 * 10, title: "Film \($0)", year: 1950 + $0) },
        ]
        let viewModel = MoviesViewModel(
            api: ImmediateAPI(.success(catalogs[seed % catalogs.count]), .success(sampleMovies)))
        var mirror = MirrorList(movies: viewModel.state.movies)
        var emitted = 0
        viewModel.subscribe { change, state in
            emitted += 1
            mirror.apply(change, reloadedWith: state.movies)
        }

        for step in 0..<40 {
            let count = viewModel.state.movies.count
            // Indexes range one past each end so that rejections are exercised too.
            let index = Int.random(in: -1...(count + 1), using: &random)
            let other = Int.random(in: -1...(count + 1), using: &random)
            let before = viewModel.state
            let emittedBefore = emitted
            do {
                switch Int.random(in: 0..<10, using: &random) {
                case 0:
                    viewModel.refresh()
                    await viewModel.waitForFetch()
                case 1, 2, 3:
                    let year = Int.random(in: 1880...2110, using: &random)
                    try viewModel.insert(title: "Step \(step)", year: year, at: index)
                case 4, 5:
                    try viewModel.delete(at: index)
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
