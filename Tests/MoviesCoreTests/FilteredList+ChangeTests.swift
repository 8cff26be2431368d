// The filtered list's contract, as the store's: a mirror of the matching rows, updated only from
// the filtered Changes, equals the state's list filtered afresh (positions included) after every
// action, for any sequence of actions and any predicate. Seeded random sequences mix valid and
// invalid edits (renames into and out of a match among them) with undo, redo and reloads, each
// under a random predicate.

import MoviesTestSupport
import Testing

@testable import MoviesCore

@MainActor
@Suite("The filtered list's contract", .hangGuard)
struct FilteredListContractTests {
    @Test func aMirrorBuiltFromFilteredChangesMatchesAFreshFilter() async {
        // One test looping over the seeds, as the store's contract test does: a failure names its
        // seed, step and predicate.
        for seed in 0..<200 {
            await checkRandomSequence(seed: seed)
            // Other tests share the main actor: let them run between sequences.
            await Task.yield()
        }
    }

    private func checkRandomSequence(seed: Int) async {
        var random = SeededGenerator(seed: UInt64(seed))
        let catalogs: [[Movie]] = [
            sampleMovies,
            [],
            (1...12).map { Movie(id: $0 * 10, title: "Film \($0)", year: 1950 + $0 * 5) },
        ]
        let (name, predicate) = Self.randomPredicate(using: &random)
        let viewModel = MoviesViewModel(
            api: StubAPI(.success(catalogs[(seed + 1) % 3]), .success(sampleMovies)),
            state: MoviesState(movies: catalogs[seed % 3], fetchStatus: .loaded))
        let context = "seed \(seed), predicate \(name)"

        var mirror = FilteredMirror(filtering: [], by: { _ in false })
        var listRows: [FilteredMirror.Row] = []
        var emitted = 0
        var subscription: MoviesViewModel.Subscription?
        // Subscribe after a few actions now and then: the list starts from the state as it is.
        let subscribesAt = Int.random(in: 0..<4, using: &random)

        for step in 0..<40 {
            if step == subscribesAt {
                subscription = viewModel.subscribe(filtered: predicate) { change, list in
                    emitted += 1
                    #expect(change != .none, "\(context): .none is never delivered")
                    let fits = mirror.apply(change, current: list)
                    #expect(fits, "\(context): \(change) fits")
                    listRows = zip(list.movies, list.indexes(ofRows: 0..<list.count))
                        .map { FilteredMirror.Row($0, at: $1) }
                }
            }
            let before = viewModel.state
            let emittedBefore = emitted
            let rejected = await Self.randomAction(step: step, on: viewModel, using: &random)
            if rejected {
                #expect(viewModel.state == before, "\(context): a rejected action changes nothing")
                #expect(emitted == emittedBefore, "\(context): a rejected action emits nothing")
            }
            guard subscription != nil else { continue }
            let fresh = FilteredMirror.filter(viewModel.state.movies, by: predicate)
            #expect(mirror.rows == fresh, "\(context), step \(step): the mirror")
            #expect(listRows == fresh, "\(context), step \(step): the filtered list")
        }
        subscription?.cancel()
    }

    /// Sends a random action, a sixteenth of them refreshes (awaited), with indexes one past each
    /// end so that rejections are part of the mix; returns whether it was rejected.
    private static func randomAction(
        step: Int, on viewModel: MoviesViewModel, using random: inout SeededGenerator
    ) async -> Bool {
        let count = viewModel.state.movies.count
        let index = Int.random(in: -1...(count + 1), using: &random)
        let other = Int.random(in: -1...(count + 1), using: &random)
        let titles = ["Alien 3", "Heat", "Up", "Night \(step)", "The Step \(step)"]
        do {
            let edits = viewModel.history.count
            switch Int.random(in: 0..<16, using: &random) {
            case 0:
                viewModel.refresh()
                await viewModel.settleFetch()
            case 1, 2:
                let title = titles[Int.random(in: 0..<titles.count, using: &random)]
                let year = Int.random(in: 1900...2030, using: &random)
                try viewModel.insert(title: title, year: year, at: index)
            case 3, 4:
                try viewModel.delete(at: index)
            case 5, 6:
                try viewModel.move(from: index, to: other)
            case 7, 8:
                try viewModel.undo()
            case 9, 10:
                // A title that may start or stop matching, or keep matching, or be the same one.
                let title = titles[Int.random(in: 0..<titles.count, using: &random)]
                try viewModel.rename(at: index, to: title)
            case 14:
                try viewModel.send(.goto(edit: Int.random(in: -1...(edits + 1), using: &random)))
            case 15:
                try viewModel.send(.skip(edit: Int.random(in: 0...(edits + 1), using: &random)))
            case 11, 12:
                // A rating that may start or stop matching a predicate on ratings.
                let stars = [nil, 1, 3, 5].randomElement(using: &random) ?? nil
                try viewModel.rate(at: index, stars: stars)
            default:
                try viewModel.redo()
            }
            return false
        } catch {
            return true
        }
    }

    /// A predicate and its name: none, all, or by id, year, rating or a letter of the title.
    private static func randomPredicate(
        using random: inout SeededGenerator
    ) -> (String, (Movie) -> Bool) {
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            return ("none", { _ in false })
        case 1:
            return ("all", { _ in true })
        case 2:
            let modulus = Int.random(in: 2...4, using: &random)
            let remainder = Int.random(in: 0..<modulus, using: &random)
            return ("id % \(modulus) == \(remainder)", { $0.id % modulus == remainder })
        case 3:
            let year = Int.random(in: 1940...2020, using: &random)
            return ("year < \(year)", { $0.year < year })
        case 4:
            let stars = Int.random(in: Movie.validRatings, using: &random)
            return ("rating >= \(stars)", { ($0.rating ?? 0) >= stars })
        default:
            let letter = Array("aeHilnpt3")[Int.random(in: 0..<9, using: &random)]
            return ("title contains \(letter)", { $0.title.contains(letter) })
        }
    }
}
