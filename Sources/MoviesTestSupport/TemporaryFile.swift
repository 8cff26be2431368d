// Role: outside the app's data flow. Tests that feed the fake API a catalog of their own (broken,
// hostile or just small) write it here first, each into a fresh folder so parallel tests never
// share a file.

import Foundation

/// Fresh temporary files for catalogs made by tests.
public enum TemporaryFile {
    /// Writes `data` to a new file called `name` in a folder of its own and returns its URL.
    public static func write(_ data: Data, name: String = "catalog.json") throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("movies-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    /// A new sparse file of `size` bytes called `name` (it takes no room on disk), in a folder
    /// of its own, and a symbolic link to it called `link.json` next to it; returns the link.
    public static func linkToSparseFile(size: UInt64, name: String = "catalog.json") throws -> URL {
        let url = try write(Data(), name: name)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: size)
        try handle.close()
        let link = url.deletingLastPathComponent().appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: url)
        return link
    }
}
