// Role in the data flow: the one bound on what the app writes. A list is written whole as a catalog
// (`save`, the state file's snapshot, the trace), and read back through `Catalog.maximumFileSize`;
// an edit that would make the list's file larger than that is refused before it reaches the store.
// The bytes are counted by the very code that writes them (`MovieListJSON`, `MovieJSON`), into a
// count instead of an array.

import MoviesCore

/// The size of a list written in the catalog's schema by `Catalog.file`.
package enum CatalogSize {
    /// The bytes of the file `save` writes for `movies`: `Catalog.jsonLine(movies)` and its newline.
    package static func file(_ movies: [Movie]) -> Int {
        MovieListJSON.fileSize(movies)
    }

    /// The file's bytes for a list of `count` movies whose objects take `objectBytes` together:
    /// the brackets, a comma between two movies, the newline.
    package static func file(objectBytes: Int, count: Int) -> Int {
        MovieListJSON.fileSize(objectBytes: objectBytes, count: count)
    }

    /// The bytes of `movie`'s object as `Catalog.jsonLine` writes it:
    /// `{"id":1,"title":"…","year":1979}`.
    package static func object(_ movie: Movie) -> Int {
        MovieJSON.size(movie)
    }
}
