// The invariant that proves the design: a mirror of the list, updated only from the emitted
// Changes, equals the state's list after every action, for any sequence of actions. Hundreds of
// seeded random sequences mix valid and invalid inserts, deletes and moves with reloads.

import MoviesTestSupport
import Testing

@testable import MoviesCore

@MainActor
@Suite("The Change contract")
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
        let viewModel = MoviesViewModel(
            api: ImmediateAPI(.success(catalogs[seed % catalogs.count]), .success(sampleMovies)))
        var mirror = MirrorList(movies: viewModel.state.movies)
        var emitted = 0
        viewModel.subscribe { change, state in
            emitted += 1
            let fits = mirror.apply(change, current: state.movies)
            #expect(fits, "\(change) fits the rows the mirror shows")
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
