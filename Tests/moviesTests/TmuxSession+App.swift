// Role: outside the app's data flow, where a user would sit at a real terminal emulator. The tests
// that run the built binary in tmux start it the same way and leave it the same way; this is that
// way, once: a catalog in a folder of its own, the app in a window of a given size, `quit` at the
// end, and the window and the folder gone whatever happened.

import Foundation
import MoviesTestSupport
import Testing

extension TmuxSession {
    /// Runs `body` on `movies --latency 0 --catalog catalog.json` with `arguments`, started in a
    /// tmux window `columns` × `rows` with `catalog` in its folder; then types `quit` twice (the
    /// first warns of unsaved edits) and waits for the app to end with status 0.
    ///
    /// The window runs the app under `/bin/sh`, which prints `exit=STATUS` after it.
    static func withApp(
        _ arguments: [String], catalog: [CatalogMovie], columns: Int, rows: Int,
        _ body: (TmuxSession) async throws -> Void
    ) async throws {
        guard let binary = MoviesProcess.binary else { throw MoviesProcess.BinaryNotFound() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.writeCatalog(catalog)
        let command =
            (["\"$MOVIES\"", "--latency", "0", "--catalog", "catalog.json"] + arguments)
            .joined(separator: " ") + "; echo \"exit=$?\"; exec sleep 600"
        let tmux = try await TmuxSession(
            command: command, columns: columns, rows: rows, directory: directory.path,
            environment: ["MOVIES": binary.path], spawnLock: MoviesProcess.spawnLock)
        do {
            try await body(tmux)
            // `quit` twice: the first one warns of the unsaved edits.
            for _ in 0..<2 {
                try await tmux.press("C-e", "C-u")
                try await tmux.send("quit")
                try await tmux.press("Enter")
            }
            try await tmux.waitUntil("the app's exit") { $0.lines.contains("exit=0") }
        } catch {
            await tmux.close()
            throw error
        }
        await tmux.close()
    }
}
