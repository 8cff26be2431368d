// Role in the data flow: none of its own. The executable wires the two libraries together: it turns
// the options into a `FakeMoviesAPI` (the only place that knows which API the app uses) and hands
// everything else to `MoviesApp`.

import Foundation
import MoviesCLI
import MoviesCore

// First, before anything opens a file: a closed stdin, stdout or stderr must not be reused.
StandardDescriptors.reopenClosed()

let status = await MoviesApp.main(arguments: CommandLine.arguments) { options in
    let failure: FakeMoviesAPI.Failure =
        switch options.failingFetches {
        case nil: .never
        case Int.max?: .always
        case let count?: .firstAttempts(count)
        }
    return FakeMoviesAPI(
        source: options.catalogPath.map { .file(URL(fileURLWithPath: $0)) } ?? .bundled,
        latency: .seconds(options.latency),
        failure: failure
    )
}
exit(status.rawValue)
