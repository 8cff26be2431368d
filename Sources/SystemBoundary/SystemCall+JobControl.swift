// Role in the data flow: around a session at a terminal that a job-control shell shares out. Only
// the job in the terminal's foreground may read it or change its settings; a job in the background
// that needs it stops (SIGTTIN, SIGTTOU) until `fg` brings it back, as every terminal program does.
// These are the calls that tell the app where its job stands and stop it; the app decides when.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemCall {
    /// The signals that stop a job: SIGTSTP (Ctrl-Z), SIGTTIN (a read of the terminal from the
    /// background) and SIGTTOU (a change of its settings from the background).
    package static let stopSignals = [SIGTSTP, SIGTTIN, SIGTTOU]

    /// `getpgrp(2)`: this process's group, the job a shell moves between the foreground and the
    /// background (the call cannot fail).
    package static var processGroup: pid_t {
        getpgrp()
    }

    /// `tcgetpgrp(3)`: the process group in the foreground of the terminal on `descriptor`.
    ///
    /// Async-signal-safe, as the call itself is: the signal handlers that give the terminal back
    /// ask it first.
    package static func foregroundProcessGroup(of descriptor: Int32) throws(SystemCallError)
        -> pid_t
    {
        try checked("tcgetpgrp") { tcgetpgrp(descriptor) }
    }

    /// `getsid(2)` of this process and of its parent (`getppid(2)`): whether the parent is in
    /// this process's session.
    ///
    /// A job whose parent left the session (it died, and the process was reparented to init or
    /// a subreaper) has nobody to bring it to the foreground: its group is orphaned, and the
    /// kernel discards the stops sent to it. (POSIX asks the same of every member of the group;
    /// the app's job at a terminal is the app alone.)
    package static var parentIsInThisSession: Bool {
        getsid(getppid()) == getsid(0)
    }

    /// `sigaction(2)` read only: whether `signal` is ignored by this process (inherited ignored
    /// from a parent without job control, say, for a stop signal).
    package static func isIgnored(_ signal: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0 else { return false }
        return unsafeBitCast(Self.handler(of: current), to: Int.self)
            == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// `sigaction(2)`: makes `action` what `signal` does to this process from now on, with
    /// `blocked` held back while its handler runs.
    ///
    /// For the handlers that end the session: a stop that arrived while one runs would stop the
    /// process inside it, with its signal taken and never acted on (`kill %1` on a stopped job
    /// sends SIGTERM and SIGCONT, and the app may ask for a stop at the same moment). Held back,
    /// the stop waits, and the handler ends the process first.
    package static func setAction(
        _ action: SignalAction, for signal: Int32, blocking blocked: [Int32]
    ) throws(SystemCallError) {
        var new = sigaction()
        _ = try checked("sigemptyset") { sigemptyset(&new.sa_mask) }
        for other in blocked {
            _ = try checked("sigaddset") { sigaddset(&new.sa_mask, other) }
        }
        // As `signal(2)` does on Linux and macOS: an interrupted read goes on after the handler.
        new.sa_flags = SA_RESTART
        Self.setHandler(action.disposition, of: &new)
        _ = try checked("sigaction") { sigaction(signal, &new, nil) }
    }

    /// The handler field of `action`, which the C libraries name differently.
    private static func handler(of action: sigaction) -> (@convention(c) (Int32) -> Void)? {
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler
        #else
            action.__sigaction_u.__sa_handler
        #endif
    }

    /// Sets the handler field of `action` to `handler`.
    private static func setHandler(
        _ handler: (@convention(c) (Int32) -> Void)?, of action: inout sigaction
    ) {
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
        #else
            action.__sigaction_u.__sa_handler = handler
        #endif
    }
}
