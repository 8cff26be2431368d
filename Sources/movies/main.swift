// Role in the data flow: none of its own. The executable wires the app together: it turns the
// options into a `FakeMoviesAPI` serving the catalog (the only place that knows which API the app
// uses) and hands everything else to `MoviesApp`.

import MoviesCLI
import MoviesCore
import MoviesFormats
import TerminalIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// First, before anything opens a file: a closed stdin, stdout or stderr must not be reused.
StandardDescriptors.reopenClosed()

let status = await MoviesApp.main(argumentBytes: ProcessArguments.bytes()) { options in
    let failure: FakeMoviesAPI.Failure =
        switch options.failingFetches {
        case nil: .never
        case Int.max?: .always
        case let count?: .firstAttempts(count)
        }
    return FakeMoviesAPI(
        catalogPath: options.catalogPath,
        latency: .seconds(options.latency),
        failure: failure
    )
}
exit(status.rawValue)
