// Role in the data flow: around the reducers. The store calls each middleware before an action runs
// and again once its Changes have reached the subscribers, so logging, tracing and persistence sit
// beside the data flow instead of inside reducers or views.
//
//   send(action) ─► willSend (in order) ─► reducers ─► Changes to subscribers ─► didSend (reversed)

/// Something that watches every action the store runs: a trace logger, a journal.
///
/// The state is lent for the duration of the call, never kept: a middleware that stored it would
/// hold a second reference to the list, and the next reducer would have to copy the whole list
/// before editing it (the benchmark's control row shows what that costs). Keep what you need
/// (a count, a Change) instead.
@MainActor
public protocol MoviesMiddleware: AnyObject {
    /// Whether the store's records, for every middleware, should say how long the reducers took.
    ///
    /// Reading the clock costs about as much as a small action, so the store reads it only when
    /// one of its middleware asks (the trace does); otherwise `Record.nanoseconds` is 0. The
    /// store asks once, when it is made.
    var wantsTiming: Bool { get }
    /// Called before `action` runs, with the state it will run on.
    func willSend(_ action: MoviesViewModel.Action, state: MoviesState)
    /// Called after the action ran and its Changes were delivered, with the state it left.
    func didSend(_ record: MoviesViewModel.Record, state: MoviesState)
}

extension MoviesMiddleware {
    public var wantsTiming: Bool { false }
    public func willSend(_ action: MoviesViewModel.Action, state: MoviesState) {}
}
