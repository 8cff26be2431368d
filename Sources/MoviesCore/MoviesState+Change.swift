// Role in the data flow: a `Change` is what a reducer returns and what the view model emits. It is
// the contract between the store and the views: a view that starts from a rendering of the initial
// state and applies only the emitted Changes always ends up showing the current state.

extension MoviesState {
    /// Exactly what one reducer changed, in the state's own (0-based) coordinates.
    ///
    /// Fine-grained on purpose: instead of pushing the whole state and making every view diff it,
    /// the store says which row appeared, vanished or moved, like a table view's batch update.
    /// Row changes carry their `Movie`, so a view can draw the row (even a deleted one) without
    /// reading the state back.
    public enum Change: Equatable, Sendable {
        /// Nothing changed: a no-op action such as moving a row onto itself.
        case none
        /// The fetch status (the loading indicator) changed to this value.
        case fetch(FetchStatus)
        /// The whole list was replaced; redraw all of it.
        case reloaded
        /// `movie` now sits at `index`; the rows from `index` on moved down by one.
        case inserted(Movie, at: Int)
        /// `movie` was removed from `index`; the rows after it moved up by one.
        case deleted(Movie, at: Int)
        /// `movie` went from `from` to `to`; the others kept their relative order.
        case moved(Movie, from: Int, to: Int)
    }
}
