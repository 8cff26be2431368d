// Role in the data flow: outside it. Ctrl-C must end the app promptly, even while a fetch or a
// blocked read is pending, with the status shells expect, and without leaving the terminal in a
// different state: the app never changes terminal modes, so a newline is all there is to tidy.

import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns SIGINT into a prompt, clean exit with status 130.
@MainActor
enum InterruptHandler {
    private static var source: (any DispatchSourceSignal)?

    /// Installs the handler once; later calls do nothing.
    static func install(interactive: Bool) {
        guard source == nil else { return }
        // The default action would kill the process by the signal; ignoring it lets the dispatch
        // source receive it instead.
        signal(SIGINT, SIG_IGN)
        let signalSource = DispatchSource.makeSignalSource(
            signal: SIGINT,
            queue: DispatchQueue(label: "movies.interrupt")
        )
        signalSource.setEventHandler(handler: exitHandler(interactive: interactive))
        signalSource.resume()
        source = signalSource
    }

    /// The work done on SIGINT, built outside the main actor.
    ///
    /// The handler runs on the dispatch source's queue, not the main actor. A closure written
    /// inside a `@MainActor` method would inherit that isolation, and Swift 6 checks it at run
    /// time: the first Ctrl-C would then trap instead of exiting. A `nonisolated` factory makes a
    /// closure that may run anywhere.
    private nonisolated static func exitHandler(interactive: Bool) -> @Sendable () -> Void {
        {
            if interactive {
                // Finish the line with the prompt or the ^C the terminal echoed.
                _ = write(STDOUT_FILENO, "\n", 1)
            }
            exit(ExitStatus.interrupted.rawValue)
        }
    }
}
