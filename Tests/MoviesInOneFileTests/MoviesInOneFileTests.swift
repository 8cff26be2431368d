// Role: the one-file version's test, the way the real tests check the store, in small. It runs the
// scripted session of `main` with no latency, and checks every Change the store emitted, in order,
// the state it left and every line the view wrote.

import Testing

@testable import movies_in_one_file

/// What a subscriber and the view's sink saw, kept for the test to compare.
@MainActor
private final class Recording {
    var changes: [MoviesState.Change] = []
    var lines: [String] = []
}

@MainActor
struct MoviesInOneFileTests {
    let godfather = Movie(id: 1, title: "The Godfather", year: 1972)
    let casablanca = Movie(id: 2, title: "Casablanca", year: 1942)
    let kane = Movie(id: 3, title: "Citizen Kane", year: 1941)
    let jaws = Movie(id: 4, title: "Jaws", year: 1975)
    let parasite = Movie(id: 5, title: "Parasite", year: 2019)
    let bladeRunner = Movie(id: 6, title: "Blade Runner 2049", year: 2017)

    @Test func theSessionEmitsExactlyTheseChangesAndLeavesThisState() async {
        let recording = Recording()
        let viewModel = MoviesViewModel(api: FakeMoviesAPI(latency: .zero))
        let view = MoviesViewController(viewModel: viewModel) { recording.lines.append($0) }
        viewModel.subscribe { change, _ in recording.changes.append(change) }

        await MoviesInOneFile.session(viewModel, view)

        #expect(
            recording.changes == [
                .fetch(.loading),
                .reloaded,
                .fetch(.loaded),
                .deleted(kane, at: 2),
                .moved(jaws, from: 2, to: 0),
                .inserted(bladeRunner, at: 1),
            ])
        #expect(viewModel.state.movies == [jaws, bladeRunner, godfather, casablanca, parasite])
        #expect(viewModel.state.fetchStatus == .loaded)
        #expect(
            recording.lines == [
                "Loading movies…",
                "1. The Godfather (1972)",
                "2. Casablanca (1942)",
                "3. Citizen Kane (1941)",
                "4. Jaws (1975)",
                "5. Parasite (2019)",
                "Loaded 5 movies.",
                "- 3. Citizen Kane (1941)",
                "↕ 3 → 1. Jaws (1975)",
                "+ 2. Blade Runner 2049 (2017)",
                "1. Jaws (1975)",
                "2. Blade Runner 2049 (2017)",
                "3. The Godfather (1972)",
                "4. Casablanca (1942)",
                "5. Parasite (2019)",
            ])
    }

    @Test func anEditThatChangesNothingEmitsNothing() {
        let recording = Recording()
        let viewModel = MoviesViewModel(api: FakeMoviesAPI(latency: .zero))
        viewModel.subscribe { change, _ in recording.changes.append(change) }

        viewModel.delete(at: 0)
        viewModel.move(from: 0, to: 0)
        viewModel.insert(title: "Up", year: 2009, at: 1)

        #expect(recording.changes.isEmpty)
        #expect(viewModel.state == MoviesState())
    }
}
