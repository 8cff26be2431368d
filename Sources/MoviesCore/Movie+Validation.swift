// Role in the data flow: the rules every movie keeps, wherever it comes from. The catalog loader,
// the state file, a trace and the insert, rename and rate reducers all check a movie against these
// ranges and title rules, so a movie one of them accepts, every other accepts too.

extension Movie {
    /// The years a movie may carry: from the first films (1888) to a little past today.
    ///
    /// Both the catalog loader and the insert reducer check against this one range, so a movie
    /// that could not be loaded can never be inserted either, and vice versa.
    public static let validYears: ClosedRange<Int> = 1888...2100

    /// The ids a movie may carry: 1 to 999,999,999,999 (twelve digits).
    ///
    /// Ids come from outside (a catalog file), and the store computes new ones from them
    /// (`largest + 1`), so the range leaves room above itself for that arithmetic. A list whose
    /// largest id is the top of the range has no id left to hand out: an insert is then rejected
    /// with `EditError.noFreeID`. Twelve digits also stay far below 2^53, so an id survives
    /// any JSON reader that keeps numbers as doubles (JavaScript's does), and zero and negative
    /// numbers, which read as "no id" in many systems, are not ids.
    public static let validIDs: ClosedRange<Int> = 1...999_999_999_999

    /// The stars a rated movie may have: one to five.
    public static let validRatings: ClosedRange<Int> = 1...5

    /// The longest title accepted, in Unicode scalars (code points).
    ///
    /// Real titles stay far below it; the bound keeps a runaway paste (or a hostile catalog) from
    /// turning one row into megabytes of output. It counts scalars, not `Character`s: one
    /// character can carry any number of combining marks, so a cap on characters bounds nothing,
    /// while 500 scalars are at most 2,000 bytes of UTF-8 and 5,000 bytes once escaped.
    public static let maximumTitleLength = 500

    /// Whether `title` has more than `maximumTitleLength` Unicode scalars.
    ///
    /// (`fitsByBytes` and `startsVisibly`, in Internal/, decide the common case without walking
    /// Unicode; the rule is the second half of each expression.)
    public static func isTooLong(_ title: String) -> Bool {
        !fitsByBytes(title) && title.unicodeScalars.count > maximumTitleLength
    }

    /// Whether `title` counts as empty: nothing but whitespace and newlines.
    public static func isBlank(_ title: String) -> Bool {
        !startsVisibly(title) && title.allSatisfy { $0.isWhitespace }
    }
}
