// Role in the data flow: the one bound on what the app writes. A list is written whole as a catalog
// (`save`, the state file's snapshot, the trace), and read back through `Catalog.maximumFileSize`;
// an edit that would make the list's file larger than that is refused before it reaches the store.
// This counts those bytes without encoding the list, one movie at a time.

import MoviesCore

/// The size of a list written in the catalog's schema by `Catalog.jsonLine`.
package enum CatalogSize {
    /// The bytes of the file `save` writes for `movies`: `Catalog.jsonLine(movies)` and its newline.
    package static func file(_ movies: [Movie]) -> Int {
        file(objectBytes: movies.reduce(0) { $0 + object($1) }, count: movies.count)
    }

    /// The file's bytes for a list of `count` movies whose objects take `objectBytes` together:
    /// the brackets, a comma between two movies, the newline.
    package static func file(objectBytes: Int, count: Int) -> Int {
        objectBytes + max(0, count - 1) + 3
    }

    /// The bytes of `movie`'s object as `Catalog.jsonLine` writes it:
    /// `{"id":1,"title":"…","year":1979}`.
    package static func object(_ movie: Movie) -> Int {
        // `{"id":` `,"title":"` `","year":` `}`
        6 + String(movie.id).utf8.count + 10 + escaped(movie.title) + 9
            + String(movie.year).utf8.count + 1
    }

    /// The bytes of `title` inside its quotes, escaped as `JSONEncoder` escapes it: `"` and `\`
    /// and the five short control escapes take 2 bytes, the other C0 controls `\u00XX` 6, and
    /// every other byte itself (slashes are not escaped).
    static func escaped(_ title: String) -> Int {
        var count = 0
        for byte in title.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x08, 0x09, 0x0A, 0x0C, 0x0D: count += 2
            case 0x00..<0x20: count += 6
            default: count += 1
            }
        }
        return count
    }
}
