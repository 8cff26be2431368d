// Role in the data flow: the catalog's schema, a JSON array of movies. A catalog file and a state
// file's snapshot are this array; it is written here (a movie at a time by `MovieJSON`), counted
// by the same code, and read back by the strict reader with every movie checked as it arrives.
//
//   [Movie] ─► MovieListJSON.write ─► JSONOutput          bytes ─► MovieListJSON.read ─► [Movie]

import MoviesCore

/// A list of movies as a JSON array: `[{…},{…}]` on one line.
enum MovieListJSON {
    /// The array's brackets, the separator between two movies, and the end of a file's line.
    private static let opening: StaticString = "["
    private static let separator: StaticString = ","
    private static let closing: StaticString = "]"
    private static let newline: StaticString = "\n"

    /// Writes `movies` as one line, without a newline.
    static func write(_ movies: [Movie], to output: inout some JSONOutput) {
        output.append(opening)
        for (index, movie) in movies.enumerated() {
            if index > 0 { output.append(separator) }
            MovieJSON.write(movie, to: &output)
        }
        output.append(closing)
    }

    /// Writes a file holding `movies`: their line and a newline.
    static func writeFile(_ movies: [Movie], to output: inout some JSONOutput) {
        write(movies, to: &output)
        output.append(newline)
    }

    /// The line for `movies`, without a newline.
    static func line(_ movies: [Movie]) -> [UInt8] {
        var line = JSONBytes(capacity: 2 + movies.count * 48)
        write(movies, to: &line)
        return line.bytes
    }

    /// The bytes of a file holding `movies`: their line and a newline.
    static func file(_ movies: [Movie]) -> [UInt8] {
        var file = JSONBytes(capacity: 3 + movies.count * 48)
        writeFile(movies, to: &file)
        return file.bytes
    }

    /// The bytes of a file holding `movies`, counted by writing it.
    static func fileSize(_ movies: [Movie]) -> Int {
        var count = JSONByteCount()
        writeFile(movies, to: &count)
        return count.count
    }

    /// The bytes of a file holding a list of `count` movies whose objects take `objectBytes`
    /// together: what `writeFile` adds around them.
    static func fileSize(objectBytes: Int, count: Int) -> Int {
        objectBytes + max(0, count - 1) * separator.utf8CodeUnitCount
            + opening.utf8CodeUnitCount + closing.utf8CodeUnitCount + newline.utf8CodeUnitCount
    }

    /// Reads every movie in `bytes`; `file` only names the source in errors.
    ///
    /// A UTF-8 byte order mark at the very start is skipped, as RFC 8259 allows. Each movie is
    /// checked as soon as it is read (`check`), so the first problem in the file is the one
    /// reported.
    static func read(
        in bytes: UnsafeBufferPointer<UInt8>,
        file: String,
        check: (Movie, _ item: Int) throws(CatalogError) -> Void
    ) throws(CatalogError) -> [Movie] {
        var reader = JSONReader(bytes: bytes, file: file)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        try reader.requireValue(
            startingWith: UInt8(ascii: "["), atEnd: "the file is empty",
            otherValue: "the top level: expected an array of movies",
            noValue: "expected a JSON array of movies")
        reader.index += 1
        var movies: [Movie] = []
        reader.skipWhitespace()
        if reader.peek() == UInt8(ascii: "]") {
            reader.index += 1
        } else {
            while true {
                reader.item += 1
                reader.skipWhitespace()
                try reader.requireValue(
                    startingWith: UInt8(ascii: "{"), atEnd: "the file ends inside the list",
                    otherValue: "item \(reader.item): expected a movie object",
                    noValue: "expected a movie object")
                let movie = try MovieJSON.read(from: &reader)
                try check(movie, reader.item)
                movies.append(movie)
                reader.skipWhitespace()
                if try reader.endOfContainer(closing: UInt8(ascii: "]"), inside: "the list") {
                    break
                }
            }
        }
        reader.skipWhitespace()
        guard reader.index == bytes.count else {
            throw reader.syntax("unexpected text after the list")
        }
        return movies
    }
}
