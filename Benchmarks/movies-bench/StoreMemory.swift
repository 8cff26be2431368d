// Role in the benchmark: what a store's memory of its edits costs. The undo and time-travel
// sections send a run of edits through a fresh store and read the heap the store then holds with
// its history, or with a history of snapshots (the control), less what it holds with neither: the
// bytes that memory costs, to the byte, from glibc's own count.

import MoviesCore

/// Heap bytes per edit held by a store's history, or by a history of snapshots.
@MainActor
enum StoreMemory {
    /// Heap bytes per edit that a history holds after `actions`: what a store with it holds less
    /// what the same store holds with no history at all, the median of three such pairs (other
    /// threads may allocate or free during one; see `HeapUsage`); `nil` where the heap cannot be
    /// measured.
    ///
    /// The history is the store's own, keeping `historyLimit` edits, and a `SnapshotHistory` too
    /// if `snapshots`. `section` names the section in the failure that a rejected action is.
    static func bytesPerEdit(
        _ base: [Movie], _ actions: [MoviesViewModel.Action], historyLimit: Int,
        snapshots: Bool, section: String
    ) throws(BenchmarkFailure) -> Double? {
        var differences: [Int] = []
        for _ in 0..<3 {
            guard
                let without = try heldBytes(
                    base, actions, historyLimit: 0, snapshots: false, section: section),
                let with = try heldBytes(
                    base, actions, historyLimit: historyLimit, snapshots: snapshots,
                    section: section)
            else { return nil }
            differences.append(with - without)
        }
        return Double(differences.sorted()[1]) / Double(max(actions.count, 1))
    }

    /// Heap bytes still held after `actions` went through a fresh store with `historyLimit`, and
    /// with a `SnapshotHistory` if `snapshots`; `nil` where the heap cannot be measured.
    ///
    /// The store, its list and its subscriber are counted too; subtracting the same run with no
    /// history (`historyLimit: 0`, no snapshots) leaves what the history holds: its slots and
    /// what only its entries keep alive (a deleted movie's title, a renamed one's old title). For
    /// that to be seen, the list and the titles the actions bring share no storage with the
    /// benchmark's own copies.
    private static func heldBytes(
        _ base: [Movie], _ actions: [MoviesViewModel.Action], historyLimit: Int,
        snapshots: Bool, section: String
    ) throws(BenchmarkFailure) -> Int? {
        HeapUsage.start()
        guard let before = HeapUsage.bytesInUse() else { return nil }
        let middleware: [any MoviesMiddleware] =
            snapshots ? [SnapshotHistory(capacity: actions.count)] : []
        let viewModel = MoviesViewModel(
            api: FakeMoviesAPI(catalogPath: nil),
            state: MoviesState(movies: SyntheticCatalog.ownCopy(of: base)),
            historyLimit: historyLimit, middleware: middleware)
        let consumer = ChangeConsumer()
        viewModel.subscribe { change, _ in consumer.consume(change) }
        for action in actions {
            do {
                try viewModel.send(withOwnTitle(action))
            } catch {
                throw BenchmarkFailure(description: "\(section): the store rejected \(action)")
            }
        }
        guard let after = HeapUsage.bytesInUse() else { return nil }
        withExtendedLifetime(viewModel) {}
        return HeapUsage.difference(after, before)
    }

    /// `action` with the title it brings, if any, in storage of its own (see
    /// `SyntheticCatalog.ownCopy(of:)`), made inside the measured span, as a typed title is.
    private static func withOwnTitle(_ action: MoviesViewModel.Action) -> MoviesViewModel.Action {
        switch action {
        case .insert(let title, let year, let index):
            return .insert(title: SyntheticCatalog.ownCopy(of: title), year: year, at: index)
        case .rename(let index, let title):
            return .rename(at: index, to: SyntheticCatalog.ownCopy(of: title))
        case .delete, .move, .rate, .undo, .redo, .goto, .skip, .refresh, .fetchSucceeded,
            .fetchFailed, .journaled, .snapshotWritten:
            return action
        }
    }
}
