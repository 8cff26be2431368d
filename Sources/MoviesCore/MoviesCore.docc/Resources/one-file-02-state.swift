// MoviesInOneFile.swift: a list of films, and the pattern that keeps every
// view of it in step, in one file of plain Swift: the whole data flow, from a
// request to the line it draws.

/// One film in the list.
///
/// A value: copying it shares nothing.
struct Movie: Equatable, Sendable {
    var id: Int
    var title: String
    var year: Int
}

/// Everything the screen shows, in one value: the single source of truth.
///
/// Its properties are `private(set)`: nothing outside the struct can change
/// them.
struct MoviesState: Equatable, Sendable {
    private(set) var movies: [Movie] = []
}

/// The program: a scripted session, printed by the line view.
@main
@MainActor
struct MoviesInOneFile {
    /// Runs when the program starts: nothing yet.
    ///
    /// The session comes last, once the pattern is in place.
    static func main() async {}
}
