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
}
