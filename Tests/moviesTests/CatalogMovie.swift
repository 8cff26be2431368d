// Role: outside the app's data flow, where the end-to-end tests stand. They give the binary
// catalogs of their own and read back what it writes, in the catalog's schema, through types
// that owe nothing to the app's: a test of the app's reader must not use that reader's types.

import Foundation
import MoviesTestSupport

/// A movie as the catalog schema has it, independent of the app's own types.
struct CatalogMovie: Codable, Equatable, Sendable {
    var id: Int
    var title: String
    var year: Int
    /// Stars, 1 to 5; `nil` (and no key) for an unrated movie.
    var rating: Int?
}

extension TemporaryDirectory {
    /// Writes `movies` as a catalog file called `name` in the folder and returns its path: the
    /// catalog a test hands the binary with `--catalog`.
    @discardableResult
    func writeCatalog(_ movies: [CatalogMovie], name: String = "catalog.json") throws -> String {
        let path = self.path(name)
        try JSONEncoder().encode(movies).write(to: URL(fileURLWithPath: path))
        return path
    }
}
