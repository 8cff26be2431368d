// Role in the data flow: none of its own. The executable wires the app together: it turns the
// options into a `FakeMoviesAPI` serving the catalog (the only place that knows which API the app
// uses) and hands everything else to `MoviesApp`.

import Dispatch
import MoviesCLI
import MoviesCore
import MoviesFormats
import SystemBoundary
import TerminalIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// First of all: a signal that ends the session (SIGQUIT, SIGINT, SIGTERM, SIGHUP) ends the process
// with its status from the first instruction of `main` on. The Swift runtime's crash reporter
// claims SIGQUIT before `main`, and would otherwise print a crash report and let the app go on
// until the app installs the handlers it needs; on Linux SIGQUIT is held from before the runtime
// starts (QuitHeldBeforeMain.swift) until the handler is in place, and then let through. (Only a
// number that is no signal is refused; if that ever happens, the app says so rather than run
// without its handlers.)
do {
    try InterruptHandler.install(interactive: false)
    try SystemCall.unblock(SIGQUIT)
} catch {
    _ = SystemCall.writeAll("movies: cannot handle signals: \(error)\n", to: STDERR_FILENO)
    exit(ExitStatus.ioError.rawValue)
}

// Then, before anything opens a file: a closed stdin, stdout or stderr must not be reused.
StandardDescriptors.reopenClosed()

// Then everything that may end the process before a session runs: the options, `--help`,
// `--version`, a replay, and every check that may refuse a session. They run here, on the main
// thread, before the runtime has started any thread of its own: a start refused for the limit on
// open files or on address space must be refused before the runtime needs descriptors or stacks
// it cannot have (it would trap, or wait for ever).
switch MoviesApp.start(argumentBytes: ProcessArguments.bytes()) {
case .finished(let status):
    exit(status.rawValue)
case .session(let session):
    // The session runs on the main actor, which the main queue serves once `dispatchMain` has
    // handed the main thread over to the runtime.
    Task { @MainActor in
        let status = await MoviesApp.run(session) { options in
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
    }
    dispatchMain()
}
