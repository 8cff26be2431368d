// Role in the data flow: where the app's movies come from when no `--catalog` is given. The bytes of
// Resources/movies.json are compiled into the binary (`.embedInCode` in Package.swift), so a copied
// `movies` needs nothing next to it, and they are read by the same strict reader as any catalog.

import MoviesCore

extension Catalog {
    /// The name the bundled catalog goes by in messages.
    static let bundledName = "movies.json"

    /// The movies of the bundled catalog, Resources/movies.json, checked like any catalog's.
    ///
    /// - Throws: `CatalogError` if the file in Resources/ was edited into something invalid; the
    ///   tests read it, so that shows up in `swift test` before it could reach a user.
    package static func bundled() throws(CatalogError) -> [Movie] {
        try PackageResources.movies_json.withUnsafeBufferPointer { bytes throws(CatalogError) in
            try decode(bytes, file: bundledName)
        }
    }
}
