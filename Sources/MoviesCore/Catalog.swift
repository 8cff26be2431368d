// Role in the data flow: `Catalog` is the only place that knows the JSON schema of a movie list. The
// fake API uses it to turn a file into `[Movie]` (checking everything a list must satisfy before it
// reaches a reducer), and `list --json` uses it to turn the state's list back into the same schema.

import Foundation

/// Reads and writes movie lists in the catalog's JSON schema: an array of
/// `{"id": Int, "title": String, "year": Int}` objects.
public enum Catalog {
    /// The largest catalog file accepted, in bytes.
    ///
    /// A bound keeps a wrong path (a disk image, a log) from being read whole into memory; 16 MiB
    /// holds a few hundred thousand movies.
    public static let maximumFileSize = 16 * 1024 * 1024

    /// Loads and validates the catalog at `url`.
    ///
    /// - Throws: `CatalogError` naming the file and the first problem found.
    public static func load(from url: URL) throws(CatalogError) -> [Movie] {
        let path = url.path
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let type = attributes[.type] as? FileAttributeType, type == .typeDirectory {
                throw CatalogError(file: path, problem: .unreadable("it is a directory"))
            }
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch let error as CatalogError {
            throw error
        } catch {
            throw CatalogError(file: path, problem: .missing)
        }
        guard size <= maximumFileSize else {
            throw CatalogError(file: path, problem: .tooLarge(bytes: size, limit: maximumFileSize))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CatalogError(file: path, problem: .unreadable(Self.reason(error)))
        }
        return try decode(data, file: path)
    }

    /// Decodes and validates catalog JSON; `file` only names the source in errors.
    public static func decode(_ data: Data, file: String) throws(CatalogError) -> [Movie] {
        let movies: [Movie]
        do {
            movies = try JSONDecoder().decode([Movie].self, from: data)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            // The decoder reports unparsable bytes as corrupted data at the top level.
            throw CatalogError(file: file, problem: .notJSON)
        } catch let error as DecodingError {
            throw CatalogError(file: file, problem: .wrongSchema(Self.describe(error)))
        } catch {
            throw CatalogError(file: file, problem: .wrongSchema(Self.reason(error)))
        }
        try validate(movies, file: file)
        return movies
    }

    /// Encodes `movies` as one line of JSON in the catalog's schema, keys in a stable order.
    public static func jsonLine(_ movies: [Movie]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding an array of plain structs of Int and String cannot fail.
        guard let data = try? encoder.encode(movies) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Checks what JSON decoding cannot: unique ids, non-blank titles of sensible length and
    /// plausible years.
    static func validate(_ movies: [Movie], file: String) throws(CatalogError) {
        var seen = Set<Int>(minimumCapacity: movies.count)
        for (index, movie) in movies.enumerated() {
            let item = index + 1
            guard seen.insert(movie.id).inserted else {
                throw CatalogError(file: file, problem: .duplicateID(movie.id, item: item))
            }
            guard !Movie.isBlank(movie.title) else {
                throw CatalogError(file: file, problem: .emptyTitle(item: item))
            }
            guard !Movie.isTooLong(movie.title) else {
                throw CatalogError(
                    file: file,
                    problem: .titleTooLong(item: item, maximum: Movie.maximumTitleLength)
                )
            }
            guard Movie.validYears.contains(movie.year) else {
                throw CatalogError(
                    file: file,
                    problem: .yearOutOfRange(movie.year, item: item, valid: Movie.validYears)
                )
            }
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func location(_ path: [any CodingKey]) -> String {
            guard !path.isEmpty else { return "the top level" }
            return path.map { key in
                key.intValue.map { "item \($0 + 1)" } ?? "\"\(key.stringValue)\""
            }.joined(separator: ", ")
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(location(context.codingPath)): expected \(Self.name(of: type))"
        case .valueNotFound(let type, let context):
            return "\(location(context.codingPath)): expected \(Self.name(of: type)), found null"
        case .keyNotFound(let key, let context):
            return "\(location(context.codingPath)): missing \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            return "\(location(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is [Movie].Type, is [Any].Type: return "an array of movies"
        case is Movie.Type: return "a movie object"
        case is Int.Type: return "a whole number"
        case is String.Type: return "a string"
        default: return "\(type)"
        }
    }

    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain,
            let message = strerror(Int32(underlying.code))
        {
            return String(cString: message)
        }
        return error.localizedDescription
    }
}
