// Role in the data flow: the fetch status is the second part of `MoviesState` (next to the list).
// Its transitions are reducers too, and each one is emitted as a `.fetch` `Change` so that the
// view can draw the loading indicator without looking at the list.

/// Where the most recent fetch of the catalog stands.
///
/// `failed` carries a one-line, human-readable reason so that a view can show it as is; the state
/// stays a plain `Equatable` value that tests compare directly. It is also the one place that says
/// whether the store is loading: nothing else (no task handle, no flag) answers that question.
public enum FetchStatus: Equatable, Sendable, Codable {
    /// Nothing has been fetched yet.
    case idle
    /// A fetch is in flight.
    case loading
    /// The last fetch succeeded: its movies became the list (edits and undo may have changed it
    /// since).
    case loaded
    /// The last fetch failed; the list keeps what it had before.
    case failed(String)

    /// Names the reason in JSON: `{"failed":{"reason":"…"}}`.
    enum FailedCodingKeys: String, CodingKey {
        case _0 = "reason"
    }
}
