// Role in the data flow: `save FILE`. Nothing changes in the store: the list is written to a file
// in the catalog's schema, replaced atomically, unless the file is one the session must not
// replace (its own state file, trace or output, or another session's state file). Once the state
// file has failed, it is the way to keep the edits the file lacks, and its line says so.

import MoviesCore
import MoviesFormats
import MoviesViews
import SystemBoundary

/// Write the list to a file, in the catalog's JSON schema.
struct SaveCommand: Command {
    static let reference = CommandReference(
        name: "save", aliases: [], usage: "save FILE",
        summary: "write the list to FILE as catalog JSON",
        details: [
            "The file is replaced atomically; --catalog FILE reads it back. "
                + "Example: save ~/movies.json"
        ])
    static let timing = CommandTiming.afterTheList

    /// The file's name as typed.
    let path: String

    init(path: String) {
        self.path = path
    }

    init(arguments: [String]) throws(CommandError) {
        try Self.expect(1...1, in: arguments)
        guard !arguments[0].isEmpty else { throw .emptyPath }
        path = arguments[0]
    }

    func run(on runner: CommandRunner, line: Int) -> CommandRunner.Outcome {
        // Typed text is valid UTF-8: the name's bytes are its UTF-8.
        let path = FileName(self.path)
        if let file = runner.openFile(path) {
            runner.reject("save: \(path.excerpt()) is \(file)", line: line)
            return .proceed
        }
        guard !StateFileJournal.isInUse(path) else {
            runner.reject(
                "save: \(path.excerpt()) is the state file of another movies session; "
                    + "quit that one first",
                line: line)
            return .proceed
        }
        let movies = runner.viewModel.state.movies
        let bytes = Catalog.file(movies)
        guard runner.fits(bytes.count, command: Self.reference, writing: true, line: line) else {
            return .proceed
        }
        do {
            try AtomicFile.replace(path, with: bytes)
        } catch {
            runner.reject("save: cannot write \(error)", line: line)
            return .proceed
        }
        runner.markSaved()
        let lacking = runner.stateFileFailure()?.savedNote ?? ""
        runner.notice(
            "Saved \(Counted(movies.count, "movie")) to \(path.excerpt(limit: 200))\(lacking).")
        return .proceed
    }
}
