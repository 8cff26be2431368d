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

    /// Registers the cell, and shows an Edit button: in editing mode each
    /// row has a handle to drag it by.
    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(
            UITableViewCell.self, forCellReuseIdentifier: Self.cellID)
        navigationItem.rightBarButtonItem = editButtonItem
    }

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

    // MARK: - Data source

    override func tableView(
        _ tableView: UITableView, numberOfRowsInSection section: Int
    ) -> Int {
        rows.count
    }

    override func tableView(
        _ tableView: UITableView, cellForRowAt indexPath: IndexPath
    ) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(
            withIdentifier: Self.cellID, for: indexPath)
        let movie = rows[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = "\(movie.title) (\(movie.year))"
        cell.contentConfiguration = content
        return cell
    }

    // MARK: - The user's edits

    /// Swipe to delete: send the action; the `.deleted` Change that comes
    /// back deletes the row, like any delete.
    override func tableView(
        _ tableView: UITableView,
        commit editingStyle: UITableViewCell.EditingStyle,
        forRowAt indexPath: IndexPath
    ) {
        guard editingStyle == .delete else { return }
        do {
            try viewModel.delete(at: indexPath.row)
        } catch {
            // Rejected (the list is loading): the row stays. Draw it again,
            // which closes the Delete button the swipe showed.
            tableView.reloadRows(at: [indexPath], with: .automatic)
        }
    }

    /// Drag to reorder: the user's move, sent to the store.
    override func tableView(
        _ tableView: UITableView,
        moveRowAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath
    ) {
        do {
            try viewModel.move(
                from: sourceIndexPath.row, to: destinationIndexPath.row)
        } catch {
            // Rejected (the list is loading): `rows` did not move, but the
            // table did. Draw it again from `rows` once UIKit has finished
            // the drag, on the next turn of the main queue.
            DispatchQueue.main.async { [weak self] in
                self?.tableView.reloadData()
            }
        }
    }

    // MARK: - Playing Changes

    /// Plays one Change on the table: for now, the whole list again.
    private func play(_ change: MoviesState.Change, in state: MoviesState) {
        rows = state.movies
        tableView.reloadData()
    }

    private static let cellID = "movie"
}
