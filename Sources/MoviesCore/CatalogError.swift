// Role in the data flow: a catalog that cannot be loaded never reaches a reducer. The fake API
// throws a `CatalogError`, the view model turns its description into a `.failed` fetch status, and
// the view shows that one line.

/// Why a catalog file could not be loaded, and which file.
public struct CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What exactly is wrong with the file.
    public enum Problem: Equatable, Sendable {
        case missing
        case unreadable(String)
        case tooLarge(bytes: Int, limit: Int)
        case notJSON
        case wrongSchema(String)
        case duplicateID(Int, item: Int)
        case emptyTitle(item: Int)
        case titleTooLong(item: Int, maximum: Int)
        case yearOutOfRange(Int, item: Int, valid: ClosedRange<Int>)
    }

    /// The path of the catalog, as given.
    public var file: String
    public var problem: Problem

    public init(file: String, problem: Problem) {
        self.file = file
        self.problem = problem
    }

    /// One line naming the file and the problem.
    ///
    /// For example `movies.json: item 3: missing "title"`.
    public var description: String {
        "\(file): \(explanation)"
    }

    var explanation: String {
        switch problem {
        case .missing:
            return "no such file"
        case .unreadable(let reason):
            return "cannot be read (\(reason))"
        case .tooLarge(let bytes, let limit):
            return "is \(Self.megabytes(bytes)), larger than the \(Self.megabytes(limit)) limit"
        case .notJSON:
            return "is not valid JSON"
        case .wrongSchema(let detail):
            return "is not a list of movies: \(detail)"
        case .duplicateID(let id, let item):
            return "item \(item): id \(id) is used by an earlier movie; ids must be unique"
        case .emptyTitle(let item):
            return "item \(item): the title is empty"
        case .titleTooLong(let item, let maximum):
            return "item \(item): the title is longer than \(maximum) characters"
        case .yearOutOfRange(let year, let item, let valid):
            return
                "item \(item): year \(year) is out of range; valid years are \(valid.lowerBound)–\(valid.upperBound)"
        }
    }

    private static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + 524_288) / 1_048_576
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}
