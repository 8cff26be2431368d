// Role in the data flow: a state file that cannot be restored stops the session before it starts,
// with this error, and the file is left exactly as it was: nothing a user has is overwritten by a
// failed start.

/// Why a state file could not be restored: which file, which line, what is wrong.
package struct StateFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    enum Problem: Equatable, Sendable {
        /// The snapshot (the first line, or the whole file when it is a plain catalog) breaks the
        /// catalog's rules.
        case snapshot(CatalogError.Problem)
        /// A journal line is not the JSON of a Change.
        case notAChange
        /// A journal line holds a Change that journals never hold (a reload, a fetch status).
        case notAnEdit
        /// A journaled insert or rename carries a movie the catalog would reject.
        case invalidMovie(CatalogError.Problem)
        /// A journaled insert reuses an id that is in the list already.
        case duplicateID(Int)
        /// A journaled Change does not fit the list: an index out of range, or another movie at
        /// the index than the one it names.
        case doesNotApply
        /// The list takes `bytes` as a catalog file (as its snapshot, or once its journal is
        /// applied), more than the `limit` a catalog may be: the file would not read back as one.
        case tooLarge(bytes: Int, limit: Int)
    }

    /// The file's name as messages show it (the journal passes it escaped).
    var file: String
    /// The 1-based line, or `nil` when the problem is the whole file.
    var line: Int?
    var problem: Problem

    init(file: String, line: Int?, problem: Problem) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    /// `movies.state: line 7: the change does not fit the list …`.
    package var description: String {
        "\(file): \(detail)"
    }

    /// The description without the file's name: `line 7: the change does not fit …`.
    ///
    /// For a message that escapes what the file held but shows the name as it is given.
    var detail: String {
        (line.map { "line \($0): " } ?? "") + explanation
    }

    private var explanation: String {
        switch problem {
        case .snapshot(let problem):
            return CatalogError(file: file, problem: problem).explanation
        case .notAChange:
            return "not a journal entry (one JSON object per line, as the app writes them)"
        case .notAnEdit:
            return "a journal holds only \(JournalLine.editKinds) changes"
        case .invalidMovie(let problem):
            return "the journaled movie is invalid: "
                + CatalogError(file: file, problem: problem).explanation
        case .duplicateID(let id):
            return "the inserted movie's id \(id) is in the list already"
        case .doesNotApply:
            return "the change does not fit the list at that point; "
                + "the journal does not belong to this snapshot"
        case .tooLarge(let bytes, let limit):
            let (size, bound) = CatalogError.sizes(bytes, limit)
            return "the list is \(size) as a catalog, larger than the \(bound) limit of a catalog, "
                + "so the file would not read back as one"
        }
    }
}
