// Role in the data flow: a trace that cannot be replayed stops here, before any action runs. The
// error names the line, so a user can open the file at the right place.

/// Why a trace file cannot be replayed.
package struct TraceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with a line.
    package enum Problem: Equatable, Sendable {
        /// The file is empty: not even a header.
        case empty
        /// The first line is not a movies trace header.
        case notAHeader
        /// The header names a version this build does not read.
        case unsupportedVersion(Int)
        /// The header's history limit is negative or absurdly large.
        case historyLimitOutOfRange(Int)
        /// The header's list breaks a catalog rule (duplicate ids, an empty title…).
        case invalidMovies(CatalogError.Problem)
        /// A line after the header is not one action record.
        case notARecord
        /// A line is longer than a trace line can be.
        case lineTooLong(limit: Int)
    }

    /// The 1-based line number.
    var line: Int
    var problem: Problem

    package init(line: Int, problem: Problem) {
        self.line = line
        self.problem = problem
    }

    /// `line 3: not an action record (…)`.
    package var description: String {
        "line \(line): " + explanation
    }

    private var explanation: String {
        switch problem {
        case .empty:
            return "the file is empty; a trace starts with a header line"
        case .notAHeader:
            return "not a movies trace header (write one with movies --trace FILE)"
        case .unsupportedVersion(let version):
            return
                "trace version \(version) is not supported; this build reads version \(Trace.version)"
        case .historyLimitOutOfRange(let limit):
            return "history limit \(limit) is out of range (0–\(Trace.maximumHistoryLimit))"
        case .invalidMovies(let problem):
            return "the starting list is invalid: "
                + CatalogError(file: "trace", problem: problem).explanation
        case .notARecord:
            return "not an action record ({\"action\":…,\"changes\":[…],\"count\":N,\"ns\":N})"
        case .lineTooLong(let limit):
            return "the line is longer than \(limit / 1_048_576) MiB"
        }
    }
}
