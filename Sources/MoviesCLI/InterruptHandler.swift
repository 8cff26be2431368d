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
        signalSource.setEventHandler {
            if interactive {
                // Finish the line with the prompt or the ^C the terminal echoed.
                _ = write(STDOUT_FILENO, "\n", 1)
            }
            exit(ExitStatus.interrupted.rawValue)
        }
        signalSource.resume()
        source = signalSource
    }
}
