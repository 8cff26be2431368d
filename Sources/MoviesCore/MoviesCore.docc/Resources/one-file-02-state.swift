// The whole pattern in one file: read this first. It is the movies app in small (a state, its
// reducers, the Changes they return, a store with subscribers, a view that redraws only what
// changed, and a slow fake server), with nothing but the Swift standard library, so it can be
// copied into a new package as it is. `swift run movies-in-one-file` prints its session. The real
// core (Sources/MoviesCore) grows each part; the DocC tutorial builds this file step by step and
// then walks from it to there.
//
//   view ─► store method ─► mutating reducer on MoviesState ─► Change ─► every subscriber (views)

/// One film in the list.
///
/// A value: copying it shares nothing, so the store can hand rows to views without locks.
struct Movie: Equatable, Sendable {
    var id: Int
    var title: String
    var year: Int
}

/// Where the latest fetch stands: what the loading indicator shows.
enum FetchStatus: Equatable, Sendable {
    case idle, loading, loaded
}

/// Everything the screen shows, in one value: the single source of truth.
///
/// Its properties are `private(set)`, so only its own `mutating` functions, the reducers, can
/// change it. A reducer is a pure function `(inout MoviesState, arguments) -> Change`: it reads
/// and writes nothing but the value and its arguments.
struct MoviesState: Equatable, Sendable {
    private(set) var movies: [Movie] = []
    private(set) var fetchStatus: FetchStatus = .idle
}
