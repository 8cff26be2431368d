// Role in the data flow: the store's reducer. For each action the store runs `Root.reduce`, which
// calls the `mutating` reducers of `MoviesState` and records list Changes in the undo history; it
// returns the Changes to deliver and the one effect the store must start (a fetch). Being a value
// with a `mutating` method, it is as pure as the state's own reducers: everything it changes is in
// the value, and everything it asks for is in what it returns.
//
//   send(action) ─► Root.reduce ─► MoviesState reducers ─► Reduction ─► run effect, deliver Changes

extension MoviesViewModel {
    /// Everything an action can change: the state, the undo history, and whether a list was shown.
    ///
    /// Redux would call it the root state, and `reduce` the root reducer, combining the state's
    /// reducers with the history's. One value, so the store runs an action as one mutation of one
    /// stored property.
    struct Root {
        /// What the views show.
        var state: MoviesState
        /// What `undo` and `redo` can do.
        var history: UndoHistory
        /// Whether the state has held a list yet (loaded, edited or given at start).
        ///
        /// The first list is not an edit: there is nothing before it that undo could go back to.
        var hasList: Bool

        /// What the store must do after an action, outside the reducers: fetching is I/O.
        enum Effect {
            /// Nothing.
            case none
            /// Start a fetch, superseding any in flight.
            case startFetch
            /// A fetch was answered: any fetch still in flight is superseded.
            case supersedeFetch
        }

        /// What `reduce` returns: the Changes to deliver and the effect to start.
        ///
        /// A struct, not a tuple: Swift destroys a tuple of these through a generic runtime call.
        struct Reduction {
            var changes: Changes
            var effect = Effect.none
        }

        init(state: MoviesState, historyLimit: Int) {
            self.state = state
            history = UndoHistory(limit: historyLimit)
            hasList = state.fetchStatus != .idle || !state.movies.isEmpty
        }

        /// Runs the reducers for `action`; returns the Changes they made and the effect to start.
        ///
        /// - Throws: `EditError` when the action is rejected; nothing is changed then.
        mutating func reduce(_ action: Action) throws(MoviesState.EditError) -> Reduction {
            switch action {
            case .insert(let title, let year, let index):
                return try edit(state.insert(title: title, year: year, at: index))
            case .delete(let index):
                return try edit(state.delete(at: index))
            case .move(let source, let destination):
                return try edit(state.move(from: source, to: destination))
            case .rename(let index, let title):
                return try edit(state.rename(at: index, to: title))
            case .rate(let index, let stars):
                return try edit(state.rate(at: index, stars: stars))
            case .undo:
                guard let change = history.nextUndo else { throw .nothingToUndo }
                let reverting = try state.revert(change)
                history.didUndo(by: reverting)
                return Reduction(changes: Changes(reverting))
            case .redo:
                guard let change = history.nextRedo else { throw .nothingToRedo }
                let reverting = try state.revert(change)
                history.didRedo(by: reverting)
                return Reduction(changes: Changes(reverting))
            case .refresh:
                return Reduction(changes: Changes(state.beginLoading()), effect: .startFetch)
            case .fetchSucceeded(let movies):
                let reload = state.reload(movies)
                // The first list is not an edit: undo would have nothing to go back to.
                if hasList { record(reload) }
                hasList = true
                return Reduction(
                    changes: Changes(reload, then: state.finishLoading()), effect: .supersedeFetch)
            case .fetchFailed(let reason):
                return Reduction(
                    changes: Changes(state.failLoading(reason)), effect: .supersedeFetch)
            case .journaled(let change):
                // Another session's edit: applied, not this store's to undo.
                return Reduction(changes: Changes(try state.apply(change)))
            case .snapshotWritten(let movies):
                return Reduction(changes: Changes(state.reload(movies)))
            }
        }

        /// Records an accepted edit's Change for undo, and returns it to be delivered (an edit
        /// starts no effect).
        private mutating func edit(_ change: consuming MoviesState.Change) -> Reduction {
            record(change)
            return Reduction(changes: Changes(change))
        }

        /// Records `change` for undo, if it changed the list.
        private mutating func record(_ change: MoviesState.Change) {
            guard change.changesList else { return }
            history.record(change)
            hasList = true
        }
    }
}
