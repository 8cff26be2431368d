// Role in the data flow: where a following session's actions come from (`movies --follow FILE`).
// Another session edits the list and journals each Change to its state file; this reads the file
// whenever it may have changed and sends the store what it found, as actions: a journaled Change
// is applied as it is, a new snapshot replaces the list. The store's reducer and the views do the
// rest, exactly as for an edit typed here, so the follower draws the same rows the owner does.
//
//   FileWatch ─► StateFileFollower ─► FollowedStateFile.readNew ─► Event
//     ─► MoviesViewModel.send(.journaled / .snapshotWritten) ─► Change ─► the same views

import MoviesCore
import MoviesFormats

/// Sends a store the actions a followed state file carries, as they arrive.
///
/// The store is the follower's one source of truth, as in any session: this only turns what the
/// file says into actions. A snapshot equal to the list shown (the owner folded its journal) is no
/// action at all; one that differs (the owner's refresh, another file put there) is a reload.
@MainActor
package final class StateFileFollower {
    private let file: FollowedStateFile
    private let viewModel: MoviesViewModel
    /// Says something about the file to the user (stderr, or the screen view's message line).
    private let report: (String) -> Void
    private var task: Task<Void, Never>?
    /// Whether the name no longer leads to a state file: said once, until one is there again.
    private(set) var isLost = false

    /// A follower of `file` sending its actions to `viewModel`, and saying on `report` when the
    /// file is lost and found again.
    package init(
        file: FollowedStateFile, viewModel: MoviesViewModel, report: @escaping (String) -> Void
    ) {
        self.file = file
        self.viewModel = viewModel
        self.report = report
    }

    /// Starts following: reads what came since the file was opened, then again each time the
    /// file's watch wakes, until `stop()`.
    ///
    /// - Parameter polling: look every few milliseconds even where inotify exists (tests of the
    ///   fallback).
    func start(polling: Bool = false) {
        guard task == nil else { return }
        guard let watch = FileWatch(name: file.target, polling: polling) else {
            report("movies: cannot watch \(file.path) for changes: no pipe can be made")
            return
        }
        task = Task { [weak self] in
            // The watch lives as long as this task: released, its thread ends.
            self?.catchUp()
            for await _ in watch.changes {
                guard let self else { return }
                self.catchUp()
            }
        }
    }

    /// Stops following; nothing more is sent to the store.
    func stop() {
        task?.cancel()
        task = nil
    }

    /// Reads what is new in the file and sends it to the store, in order.
    package func catchUp() {
        // After a Change that did not fit, the file is given up: what was read after it in the
        // same look is not sent, until a new snapshot starts over.
        var skipping = false
        for event in file.readNew() {
            switch event {
            case .journaled(let change, let line):
                guard !skipping else { continue }
                do {
                    try viewModel.send(.journaled(change: change))
                } catch {
                    skipping = true
                    lose(file.doesNotApply(line: line))
                }
            case .snapshot(let movies):
                skipping = false
                if isLost {
                    isLost = false
                    report("movies: following \(file.path.excerpt(limit: 200)) again")
                }
                // The owner's fold writes the list it had: nothing to draw.
                guard movies != viewModel.state.movies else { continue }
                // A new list is never rejected: its reducer cannot fail.
                _ = try? viewModel.send(.snapshotWritten(movies: movies))
            case .lost:
                skipping = true
                lose(event)
            }
        }
    }

    /// Says, once, that the file was lost; the list stays as it was.
    private func lose(_ event: FollowedStateFile.Event) {
        guard case .lost(let problem) = event, !isLost else { return }
        isLost = true
        report("movies: stopped following \(problem); the list shown is the last it held")
    }
}
