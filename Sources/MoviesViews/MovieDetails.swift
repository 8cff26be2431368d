// Role in the data flow: a helper of both views. A row shows a movie's position, its title and
// then its details: the year, and the rating when it has one. Both views draw the details from
// here, so a field a row shows is added to every view at once.
//
//   Movie ─► RowText (line view) / ScreenRow (screen view) ─► MovieDetails ─► ` (1979) ★★★★☆`

import MoviesCore

/// What a row shows after the title: ` (1979)`, and ` ★★★★☆` for a movie rated four stars.
///
/// Never cut: the screen view cuts the title to leave room for these, so a row always shows its
/// year and its stars. The stars are the app's own text (one cell each), never untrusted.
enum MovieDetails {
    /// The details of `movie`, with the space that separates them from the title.
    static func text(of movie: Movie) -> String {
        var bytes: [UInt8] = []
        append(movie, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTF-8 of `text(of: movie)` to `bytes`: the line view builds many rows as
    /// bytes, which keeps drawing 100,000 of them cheap.
    static func append(_ movie: Movie, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: " (".utf8)
        DecimalText.append(movie.year, to: &bytes)
        bytes.append(UInt8(ascii: ")"))
        if let stars = movie.rating {
            bytes.append(UInt8(ascii: " "))
            appendStars(stars, to: &bytes)
        }
    }

    /// `★★★★☆` for 4: as many full stars as the rating, the rest of `Movie.validRatings` empty.
    private static func appendStars(_ stars: Int, to bytes: inout [UInt8]) {
        let most = Movie.validRatings.upperBound
        let full = min(max(stars, 0), most)
        for _ in 0..<full { bytes.append(contentsOf: "★".utf8) }
        for _ in full..<most { bytes.append(contentsOf: "☆".utf8) }
    }
}
