// A state file for one test, in a folder of its own, and the store a journal on it restores.

import MoviesCore
import MoviesFormats
import SystemBoundary
import Testing

/// A state file in a folder of its own, for one test; `remove()` deletes the folder.
package struct TestStateFile {
    package let directory: TemporaryDirectory
    package let path: String

    /// A file called `name` holding `bytes`, or not there yet when `bytes` is nil.
    package init(_ bytes: [UInt8]? = nil, name: String = "movies.state") throws {
        directory = try TemporaryDirectory()
        path = directory.path(name)
        if let bytes { try write(bytes, to: path) }
    }

    /// What the file holds now.
    package var bytes: [UInt8]? { contents(of: path) }

    package func remove() {
        directory.remove()
    }

    /// Starts a journal on the file, and a store on the list it restored with the journal as its
    /// middleware.
    @MainActor
    package func startStore(
        api: any MoviesAPI = StubAPI(), historyLimit: Int = UndoHistory.defaultLimit
    )
        throws -> (StateFileJournal, MoviesViewModel)
    {
        let (journal, restored) = try StateFileJournal.start(path: FileName(path))
        let viewModel = MoviesViewModel(
            api: api, state: restored ?? MoviesState(),
            history: journal.restoredHistory.undoHistory(limit: historyLimit),
            middleware: [journal])
        journal.history = { [weak viewModel] in viewModel?.history }
        return (journal, viewModel)
    }
}

extension StateFile {
    /// A state file's bytes: the snapshot line of `movies`, then one journal line per Change.
    package static func bytes(_ movies: [Movie], _ journal: [MoviesState.Change] = []) -> [UInt8] {
        snapshot(movies) + journal.flatMap { journalLine($0) }
    }

    /// The journal line of a row Change, for building state files in tests; a Change that has
    /// none (a reload) fails the test instead of quietly giving no bytes.
    package static func journalLine(
        _ change: MoviesState.Change, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [UInt8] {
        guard let line = journalEntry(change) else {
            Issue.record("\(change) has no journal line", sourceLocation: sourceLocation)
            return []
        }
        return line
    }
}
