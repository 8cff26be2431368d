// Role in the data flow: when a reducer cannot do what it was asked, it throws an `EditError`
// instead of returning a `Change`, and leaves the state untouched. The view model passes the error
// back to the caller (the command layer), which turns it into a message for the user, and to its
// middleware, so a trace records rejections as faithfully as Changes.

extension MoviesState {
    /// Why an edit was rejected.
    ///
    /// Typed (`throws(EditError)`) so that callers switch over every reason exhaustively and a new
    /// reason cannot slip through unformatted. Indexes and ranges are 0-based, like the state;
    /// converting them to the positions a user sees is the view's job.
    public enum EditError: Error, Equatable, Sendable, Codable {
        /// The index is not in `valid` (which is empty when the list is).
        case indexOutOfRange(Int, valid: Range<Int>)
        /// A title must contain something other than whitespace.
        case emptyTitle
        /// A title may have at most `maximum` Unicode scalars (not Characters: one Character may
        /// hold any number of combining marks).
        case titleTooLong(maximum: Int)
        /// A number given to a movie's `field` (an inserted movie's year, a rating) is not in
        /// `valid`.
        case outOfRange(Movie.Field, Int, valid: ClosedRange<Int>)
        /// A fetch is in flight and would overwrite the edit.
        case stillLoading
        /// `undo` with no edit left to undo.
        case nothingToUndo
        /// `redo` with no undone edit to redo (a new edit forgets what was undone).
        case nothingToRedo
        /// `goto` or `skip` named an edit that is not in `valid` (the history's numbers, from 1;
        /// `goto` also takes 0, before the first edit).
        case editOutOfRange(Int, valid: Range<Int>)
        /// A recorded Change (from a journal) does not fit the list: its index is out of range,
        /// or the row there is not the movie it names.
        case doesNotApply
        /// Every id in `valid` has been handed out (the list came with ids at the top of the
        /// range): no new movie can get one.
        case noFreeID(valid: ClosedRange<Int>)

        /// Names the edit in JSON: `{"editOutOfRange":{"edit":7,"valid":[0,4]}}`.
        enum EditOutOfRangeCodingKeys: String, CodingKey {
            case _0 = "edit"
            case valid
        }
        /// Names the index in JSON: `{"indexOutOfRange":{"index":7,"valid":[0,3]}}`.
        enum IndexOutOfRangeCodingKeys: String, CodingKey {
            case _0 = "index"
            case valid
        }
        /// Names the field and the number in JSON:
        /// `{"outOfRange":{"field":"year","number":1700,"valid":[1888,2100]}}`.
        enum OutOfRangeCodingKeys: String, CodingKey {
            case _0 = "field"
            case _1 = "number"
            case valid
        }
    }
}
