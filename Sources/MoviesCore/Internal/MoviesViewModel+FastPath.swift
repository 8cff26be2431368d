// Role in the data flow: a shortcut inside the store, for speed only. A store with no middleware has
// nobody to hand a record to, so it need not build one: it runs the reducers and delivers their
// Changes, exactly what `dispatch` does for its subscribers.

extension MoviesViewModel {
    /// `dispatch` for a store with no middleware: no record, nothing to tell.
    ///
    /// What it buys: most stores in the tests and the benchmark have no middleware, and building a
    /// `Record` and lending the state twice are a sizeable part of a 1,000-row edit's cost. What
    /// the subscribers see is the same.
    func dispatchUnwatched(_ action: Action) -> Result<Changes, MoviesState.EditError> {
        do {
            var delivered = false
            let changes = try perform(action, delivered: &delivered)
            if !delivered { deliver(changes, in: state) }
            return .success(changes)
        } catch {
            return .failure(error)
        }
    }
}
