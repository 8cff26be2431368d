// MoviesTableViewController.swift: a UIKit table of movies, fed by the store.
// While its screen is on, it plays each Change as a batch update; the user's
// swipes and drags go back to the store as actions. It compiles unchanged in
// an iOS app; on Linux, against UIKitStandIn, which has UIKit's names.
//
//   store ─► Change ─► performBatchUpdates { rows + insertRows / deleteRows }
//   swipe, drag ─► delete(at:), move(from:to:) ─► store

import Foundation
import MoviesCore

#if canImport(UIKit)
    import UIKit
#else
    import UIKitStandIn
#endif

/// A table of movies that follows the store while its screen is on.
final class MoviesTableViewController: UITableViewController {
    /// The data source: the rows the table shows, changed where UIKit
    /// expects it, inside each batch update.
    private(set) var rows: [Movie] = []
    private let viewModel: MoviesViewModel
    private var subscription: MoviesViewModel.Subscription?

    init(viewModel: MoviesViewModel) {
        self.viewModel = viewModel
        super.init(style: .plain)
    }

    required init?(coder: NSCoder) {
        return nil
    }

    // MARK: - Lifecycle

    /// The screen is about to show: draw the list as it is now, then follow
    /// its Changes.
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        subscription?.cancel()
        rows = viewModel.state.movies
        tableView.reloadData()
        subscription = viewModel.subscribe { [weak self] change, state in
            self?.play(change, in: state)
        }
    }

    /// The screen has gone: stop following the store. (Dropping the
    /// subscription would not stop it; only `cancel()` does.)
    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        subscription?.cancel()
        subscription = nil
    }

    // MARK: - Playing Changes

    /// Plays one Change on the table: for now, the whole list again.
    private func play(_ change: MoviesState.Change, in state: MoviesState) {
        rows = state.movies
        tableView.reloadData()
    }
}
