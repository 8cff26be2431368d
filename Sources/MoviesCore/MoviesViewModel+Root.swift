// Role in the data flow: the store's reducer. For each action the store runs `Root.reduce`, which
// calls the `mutating` reducers of `MoviesState` and records edits in the undo history; it returns
// the Changes to deliver and the one effect the store must start (a fetch, or a time travel's
// steps). Being a value with `mutating` methods, it is as pure as the state's own reducers:
// everything it changes is in the value, and everything it asks for is in what it returns.
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
        /// The time travel `reduce` planned, which the store runs step by step (`step()`).
        ///
        /// Kept here rather than in the `Effect`, so that the effect of every other action stays
        /// a plain tag that costs nothing to copy.
        var travel: UndoHistory.Travel?
        /// Whether the state has held a list yet (loaded, edited or given at start).
        ///
        /// The first list is not an edit: there is nothing before it that undo could go back to.
        var hasList: Bool

        /// What the store must do after an action, outside the reducers: fetching is I/O, and a
        /// time travel is a run of steps, each delivered before the next.
        enum Effect {
            /// Nothing.
            case none
            /// Start a fetch, superseding any in flight.
            case startFetch
            /// A fetch was answered: any fetch still in flight is superseded.
            case supersedeFetch
            /// Run the planned `travel` step by step (`step()`), delivering each Change as it is
            /// made.
            case travel
        }

        /// What `reduce` returns: the Changes to deliver and the effect to start.
        ///
        /// A struct, not a tuple: Swift destroys a tuple of these through a generic runtime call.
        struct Reduction {
            var changes: Changes
            var effect = Effect.none
        }

        init(state: MoviesState, history: UndoHistory) {
            self.state = state
            self.history = history
            hasList = state.fetchStatus != .idle || !state.movies.isEmpty
        }

        /// Runs the reducers for `action`; returns the Changes they made and the effect to start.
        ///
        /// - Throws: `EditError` when the action is rejected; nothing is changed then.
        mutating func reduce(_ action: Action) throws(MoviesState.EditError) -> Reduction {
            switch action {
            case .insert(let title, let year, let index):
                return try edit(action, state.insert(title: title, year: year, at: index))
            case .delete(let index):
                return try edit(action, state.delete(at: index))
            case .move(let source, let destination):
                return try edit(action, state.move(from: source, to: destination))
            case .rename(let index, let title):
                return try edit(action, state.rename(at: index, to: title))
            case .rate(let index, let stars):
                return try edit(action, state.rate(at: index, stars: stars))
            case .undo:
                guard history.undoCount > 0 else { throw .nothingToUndo }
                return try travel(history.travel(to: history.point - 1))
            case .redo:
                guard history.redoCount > 0 else { throw .nothingToRedo }
                return try travel(history.travel(to: history.point + 1))
            case .goto(let number):
                return try travel(history.travel(to: number))
            case .skip(let number):
                return try travel(history.skipping(number))
            case .refresh:
                return Reduction(changes: Changes(state.beginLoading()), effect: .startFetch)
            case .fetchSucceeded(let movies):
                let reload = state.reload(movies)
                // The first list is not an edit: undo would have nothing to go back to.
                if hasList { record(action, reload) }
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

        /// Records an accepted edit's Change, made by `action`, for undo, and returns it to be
        /// delivered (an edit starts no effect).
        private mutating func edit(_ action: Action, _ change: consuming MoviesState.Change)
            -> Reduction
        {
            record(action, change)
            return Reduction(changes: Changes(change))
        }

        /// Records `change`, made by `action`, for undo, if it changed the list.
        private mutating func record(_ action: Action, _ change: MoviesState.Change) {
            guard change.changesList else { return }
            history.record(action, change)
            hasList = true
        }

        /// A time travel to run, unless it would change nothing (the point is where it goes);
        /// one that crosses a single edit of one Change is made at once (`madeAtOnce`).
        ///
        /// The list must not be loading: a travel's steps are edits, and a fetch's answer would
        /// overwrite them. Checked here so that a travel refused for it makes no step at all.
        private mutating func travel(_ travel: UndoHistory.Travel) throws(MoviesState.EditError)
            -> Reduction
        {
            if state.fetchStatus == .loading { throw .stillLoading }
            if let changes = try history.madeAtOnce(travel, on: &state) {
                return Reduction(changes: changes)
            }
            self.travel = travel
            return Reduction(changes: Changes(), effect: .travel)
        }

        /// Makes the next Change of the planned travel, or returns `nil` once it has arrived
        /// (and then forgets it).
        mutating func step() throws(MoviesState.EditError) -> MoviesState.Change? {
            guard var travel else { return nil }
            self.travel = nil
            let change = try history.step(&travel, on: &state)
            // Kept only while it has steps to make: it arrived, or it failed, otherwise.
            if change != nil { self.travel = travel }
            return change
        }
    }
}
