// Role in the data flow: outside it, around the whole process. A signal that ends the session
// (Ctrl-C, Ctrl-\, SIGTERM, SIGHUP) exits with its status, a stop gives the terminal back first,
// and a reader that left makes a write fail instead of killing the process: each is a handler
// installed here. The handlers themselves call only what is async-signal-safe, these wrappers
// among them (no allocation, no lock: a failure is a number and the call's static name).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemCall {
    /// What the process does when a signal arrives.
    ///
    /// A closed enum in place of libc's `sighandler_t`, whose default and ignore are the numbers 0
    /// and 1 cast to a function pointer: a caller names one of the three actions, and a handler's
    /// type says it is a C function, which captures nothing.
    package enum SignalAction {
        /// Calls the C function (which may call only async-signal-safe functions).
        case handler(@convention(c) (Int32) -> Void)
        /// The signal's default action: end the process, stop it, or nothing.
        case systemDefault
        /// Nothing: the signal is discarded (for SIGPIPE, a write then fails with `EPIPE`).
        case ignore

        var disposition: (@convention(c) (Int32) -> Void)? {
            switch self {
            case .handler(let function): function
            case .systemDefault: SIG_DFL
            case .ignore: SIG_IGN
            }
        }
    }

    /// `signal(2)`: makes `action` what `signal` does to this process from now on.
    ///
    /// Refused (`EINVAL`) for a number that is no signal, and for SIGKILL and SIGSTOP, which
    /// nothing can catch or ignore.
    package static func setAction(_ action: SignalAction, for signal: Int32)
        throws(SystemCallError)
    {
        _ = try checked("signal") { installed(signal, action.disposition) ? 0 : -1 }
    }

    /// `sigprocmask(2)` with `SIG_UNBLOCK`: lets `signal` be delivered to this thread again (a
    /// handler runs with its own signal blocked).
    package static func unblock(_ signal: Int32) throws(SystemCallError) {
        var set = sigset_t()
        _ = try checked("sigemptyset") { sigemptyset(&set) }
        _ = try checked("sigaddset") { sigaddset(&set, signal) }
        _ = try checked("sigprocmask") { sigprocmask(SIG_UNBLOCK, &set, nil) }
    }

    /// `raise(3)`: sends `signal` to this thread, so its action (a stop) happens before this
    /// returns.
    package static func raise(_ signal: Int32) throws(SystemCallError) {
        _ = try checked("raise") { raiseSignal(signal) == 0 ? 0 : -1 }
    }

    /// `kill(2)`: sends `signal` to the process `pid` (to every process of the group `-pid` when
    /// `pid` is negative).
    package static func send(_ signal: Int32, to pid: Int32) throws(SystemCallError) {
        _ = try checked("kill") { kill(pid, signal) }
    }
}

/// `signal(2)`; whether it was installed (`SIG_ERR` is returned, with `errno` set, when not).
private func installed(_ number: Int32, _ disposition: (@convention(c) (Int32) -> Void)?) -> Bool {
    let previous = signal(number, disposition)
    return unsafeBitCast(previous, to: Int.self) != -1
}

/// `raise(3)`, under a name no method shadows.
private func raiseSignal(_ number: Int32) -> Int32 {
    raise(number)
}
