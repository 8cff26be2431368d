// Role in the data flow: the app's own source of movies. The core's `FakeMoviesAPI` serves whatever
// it is given; here it is given a catalog: the one the user named with `--catalog`, read afresh on
// every fetch (so editing the file and typing `refresh` shows the edit), or the bundled one.

import MoviesCore
import SystemBoundary

extension FakeMoviesAPI {
    /// An API serving the catalog at `catalogPath`, or the bundled catalog when it is `nil`.
    package init(
        catalogPath: FileName?, latency: Duration = defaultLatency, failure: Failure = .never
    ) {
        self.init(latency: latency, failure: failure) {
            if let catalogPath { return try Catalog.load(path: catalogPath) }
            return try Catalog.bundled()
        }
    }
}
