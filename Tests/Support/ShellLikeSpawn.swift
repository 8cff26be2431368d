// Role: outside the app's data flow, where a shell would be. The end-to-end tests start the built
// binary (and tmux) with `posix_spawn` rather than `Process` when they need a terminal, a closed
// descriptor or a child that outlives its pipes; each child must start as a shell would start it,
// whatever the test process ignores, handles or blocks.

import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts a program the way a shell does: the signals at their default actions, none blocked.
///
/// Ignored signals survive `exec`, and a child inherits its parent's mask: the test process
/// ignores SIGPIPE, its threads block signals of their own, and its main thread holds SIGQUIT
/// (it links the `movies` target, whose start blocks it). A child started from there as it is
/// would not see the signals the tests send it as a user's shell would deliver them.
package enum ShellLikeSpawn {
    /// The signals set back to their default action in the child: those a test process or a
    /// terminal's job control may have changed.
    static let signalsAtDefault: [Int32] = [
        SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD, SIGWINCH,
    ]

    /// Starts `executable` with `arguments` (its name is put first) and `environment`
    /// (`NAME=value` strings); `files` sets up the child's descriptors.
    ///
    /// - Parameter newSession: the child leads a session of its own (`setsid`), so that the
    ///   terminal it opens first becomes its controlling terminal.
    package static func start(
        _ executable: String, arguments: [String], environment: [String],
        newSession: Bool = false,
        files: (inout posix_spawn_file_actions_t) -> Void
    ) -> Result<pid_t, SystemCallError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        files(&actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID is 0x80 in glibc, which Swift does not import as a constant.
        let setSession: Int32 = newSession ? 0x80 : 0
        posix_spawnattr_setflags(
            &attributes, Int16(setSession | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in signalsAtDefault { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        // `posix_spawn` returns its error rather than setting `errno`.
        guard error == 0 else { return .failure(SystemCallError(call: "posix_spawn", code: error)) }
        return .success(pid)
    }
}
