// Role in the data flow: the front door of the catalog format. The fake API uses it to turn a file
// into `[Movie]` (checking everything a list must satisfy before it reaches a reducer), and
// `list --json`, `save` and the state file use it to turn the state's list back into the same
// schema. The schema itself has one home: `MovieListJSON` (the array) and `MovieJSON` (a movie).

import Foundation
import MoviesCore
import SystemBoundary

/// Loads, checks and writes movie lists in the catalog's JSON schema: an array of
/// `{"id": Int, "title": String, "year": Int}` objects.
package enum Catalog {
    /// The largest catalog file accepted, in bytes.
    ///
    /// A bound keeps a wrong path (a disk image, a log) from being read whole into memory; 16 MiB
    /// holds a few hundred thousand movies.
    package static let maximumFileSize = 16 * 1024 * 1024

    /// Loads and validates the catalog at `path`.
    ///
    /// - Throws: `CatalogError` naming the file and the first problem found.
    /// A state file (`--state`) is read as the list it holds: after a clean end it is the
    /// catalog's line followed by the history its session kept, which a catalog has no use for.
    package static func load(path: FileName) throws(CatalogError) -> [Movie] {
        let bytes = try CatalogFile.contents(of: path, limit: maximumFileSize)
        if let movies = StateFile.list(ofStateFile: bytes, file: path.description) {
            return movies
        }
        return try bytes.withUnsafeBufferPointer { buffer throws(CatalogError) in
            try decode(buffer, file: path.description)
        }
    }

    /// Decodes and validates catalog JSON; `file` only names the source in errors.
    static func decode(_ data: Data, file: String) throws(CatalogError) -> [Movie] {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(CatalogError) in
                try decode(raw.bindMemory(to: UInt8.self), file: file)
            }
        }
        return try result.get()
    }

    /// Decodes and validates the catalog JSON in `bytes`.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String
    ) throws(CatalogError) -> [Movie] {
        var seen = Set<Int>()
        return try MovieListJSON.read(in: bytes, file: file) { movie, item throws(CatalogError) in
            try validate(movie, item: item, file: file, seen: &seen)
        }
    }

    /// Encodes `movies` as one line of JSON in the catalog's schema, keys in a stable order.
    package static func jsonLine(_ movies: [Movie]) -> String {
        String(decoding: MovieListJSON.line(movies), as: UTF8.self)
    }

    /// The bytes of a catalog file holding `movies`: its one line and a newline.
    ///
    /// What `save` writes, and a state file's snapshot: a state file starts as a catalog.
    package static func file(_ movies: [Movie]) -> [UInt8] {
        MovieListJSON.file(movies)
    }

    /// Checks what the JSON types cannot: each field's value in its range (`Movie.Field.kind`),
    /// a non-blank title of sensible length, and an id not used before (`seen` holds the ids so
    /// far).
    static func validate(
        _ movie: Movie, item: Int, file: String, seen: inout Set<Int>
    ) throws(CatalogError) {
        for field in Movie.Field.allCases {
            if let problem = problem(with: field, of: movie, item: item) {
                throw CatalogError(file: file, problem: problem)
            }
        }
        guard seen.insert(movie.id).inserted else {
            throw CatalogError(file: file, problem: .duplicateID(movie.id, item: item))
        }
    }

    /// What is wrong with `movie`'s `field`, if anything.
    private static func problem(
        with field: Movie.Field, of movie: Movie, item: Int
    ) -> CatalogError.Problem? {
        switch movie[field] {
        case .number(let number):
            guard let valid = field.kind.validNumbers, !valid.contains(number) else { return nil }
            return .outOfRange(String(number), key: field.text, item: item, valid: valid)
        case .text(let title):
            if Movie.isBlank(title) { return .emptyTitle(item: item) }
            if Movie.isTooLong(title) {
                return .titleTooLong(item: item, maximum: Movie.maximumTitleLength)
            }
            return nil
        case .absent:
            return nil
        }
    }
}
