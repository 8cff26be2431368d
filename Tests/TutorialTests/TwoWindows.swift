// Role: the article "Two windows, one truth", compiled and run. One
// store journals every list Change it makes as a line of JSON; a second
// store, standing for another process, reads the lines and sends each to
// itself as an action. The two lists agree, and the second store's view
// was given the very Changes the first made. The article shows parts of
// this file (scripts/check-tutorial holds them equal).

import Foundation
import MoviesCore
import MoviesTestSupport
import Testing

/// Writes each list Change a store makes as one line of JSON: a log
/// of Changes, as the state file's journal is.
@MainActor
final class Journal: MoviesMiddleware {
    private(set) var lines: [String] = []

    func didSend(_ record: MoviesViewModel.Record, state: MoviesState) {
        guard case .changes(let changes) = record.outcome else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // A reload is a whole list: the app's journal writes it as a
        // new snapshot, which a follower takes as `.snapshotWritten`.
        for change in changes where change.changesList && !change.isReload {
            guard let line = try? encoder.encode(change) else { continue }
            lines.append(String(decoding: line, as: UTF8.self))
        }
    }
}

/// A store whose actions come from a journal, not from a keyboard.
@MainActor
final class Follower {
    typealias Change = MoviesState.Change
    let store: MoviesViewModel
    private var read = 0

    init(movies: [Movie]) {
        let state = MoviesState(movies: movies)
        store = MoviesViewModel(api: StubAPI(), state: state)
    }

    /// Sends the store each line written since the last call.
    func follow(_ journal: Journal) throws {
        let decoder = JSONDecoder()
        for line in journal.lines[read...] {
            let json = Data(line.utf8)
            let change = try decoder.decode(Change.self, from: json)
            try store.send(.journaled(change: change))
        }
        read = journal.lines.count
    }
}

@MainActor
struct TwoWindows {
    @Test func theFollowerShowsWhatTheOwnerShows() throws {
        let journal = Journal()
        let owner = MoviesViewModel(
            api: StubAPI(), state: MoviesState(movies: sampleMovies),
            middleware: [journal])
        let follower = Follower(movies: sampleMovies)
        // The follower's view: it draws what each Change says.
        var drawn: [MoviesState.Change] = []
        let view = follower.store.subscribe { change, _ in
            drawn.append(change)
        }

        try owner.delete(at: 0)
        try owner.move(from: 1, to: 0)
        try owner.undo()
        try follower.follow(journal)

        #expect(follower.store.state.movies == owner.state.movies)
        #expect(
            journal.lines[0]
                == #"{"deleted":{"at":0,"movie":"#
                + #"{"id":1,"title":"Alien","year":1979}}}"#)
        #expect(
            drawn == [
                .deleted(sampleMovies[0], at: 0),
                .moved(sampleMovies[2], from: 1, to: 0),
                .moved(sampleMovies[2], from: 0, to: 1),
            ])
        view.cancel()
    }
}
