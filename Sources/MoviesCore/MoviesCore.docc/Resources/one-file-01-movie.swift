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

/// The program: a scripted session, printed by the line view.
@main
@MainActor
struct MoviesInOneFile {
    /// Runs when the program starts: nothing yet.
    ///
    /// The session comes last, once the pattern is in place.
    static func main() async {}
}
