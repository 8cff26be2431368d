// Role in the benchmark: a tape of the store's output. The pipeline section records the Changes a
// command stream produces once, untimed, so that it can then time drawing exactly those Changes on
// their own, without parsing or dispatch around them.

import MoviesCore

/// Subscribes to a store and keeps every `Change` it emits, in order.
@MainActor
final class ChangeRecorder {
    private(set) var changes: [MoviesState.Change] = []

    /// Starts recording `viewModel`'s Changes; the recording lasts as long as the store.
    init(recording viewModel: MoviesViewModel) {
        viewModel.subscribe { [weak self] change, _ in
            self?.changes.append(change)
        }
    }
}
