// Role: outside the app's data flow. Tests of files the app writes (state files, traces, saved
// lists) or reads (catalogs a test made) each work in a folder of their own, so parallel tests
// never share a file, and remove it when they are done, so a test run leaves nothing behind.

import Foundation

/// A fresh, empty folder for one test; `remove()` deletes it with everything in it.
///
/// ```swift
/// let directory = try TemporaryDirectory()
/// defer { directory.remove() }
/// let state = directory.path("movies.state")
/// ```
///
/// Removal is explicit rather than left to a `deinit`: an object may be released right after its
/// last use, which could be before the test is done with the files inside.
package struct TemporaryDirectory: Sendable {
    /// The folder.
    package let url: URL

    /// Creates a new folder under the system's temporary directory.
    package init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("movies-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The folder's path.
    package var path: String { url.path }

    /// The path of `name` inside the folder (the file need not exist).
    package func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// The names of the entries in the folder, sorted.
    package func entries() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// Writes `data` to a new file called `name` in the folder and returns its URL: a catalog
    /// made by a test, broken, hostile or just small.
    package func write(_ data: Data, name: String = "catalog.json") throws -> URL {
        let file = url.appendingPathComponent(name)
        try data.write(to: file)
        return file
    }

    /// A new sparse file of `size` bytes called `name` in the folder (it takes no room on disk),
    /// and a symbolic link to it called `link.json` next to it; returns the link.
    package func linkToSparseFile(size: UInt64, name: String = "catalog.json") throws -> URL {
        let file = try write(Data(), name: name)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: size)
        try handle.close()
        let link = url.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        return link
    }

    /// Deletes the folder and everything in it.
    package func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
