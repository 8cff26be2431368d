// Role in the data flow: when a reducer cannot do what it was asked, it throws an `EditError`
// instead of returning a `Change`, and leaves the state untouched. The view model passes the error
// back to the caller (the command layer), which turns it into a message for the user.

extension MoviesState {
    /// Why an edit was rejected.
    ///
    /// Typed (`throws(EditError)`) so that callers switch over every reason exhaustively and a new
    /// reason cannot slip through unformatted. Indexes and ranges are 0-based, like the state;
    /// converting them to the positions a user sees is the view's job.
    public enum EditError: Error, Equatable, Sendable {
        /// The index is not in `valid` (which is empty when the list is).
        case indexOutOfRange(Int, valid: Range<Int>)
        /// A title must contain something other than whitespace.
        case emptyTitle
        /// A title may have at most `maximum` characters.
        case titleTooLong(maximum: Int)
        /// The year is not in `valid`.
        case yearOutOfRange(Int, valid: ClosedRange<Int>)
        /// A fetch is in flight and would overwrite the edit.
        case stillLoading
    }
}
