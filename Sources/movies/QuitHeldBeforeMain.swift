// Role in the data flow: none; the process's first instant, before the Swift runtime and before
// `main`. SIGQUIT is held (blocked) from there until `main` has installed the app's handler, so a
// SIGQUIT at any moment ends the app with 131, never in the runtime's crash reporter.
//
//   exec ─► SIGQUIT blocked ─► the runtime starts ─► main: handler, unblocked ─► SIGQUIT: 131

#if os(Linux)
    import Glibc

    /// Blocks SIGQUIT for the main thread: a SIGQUIT that arrives now stays pending.
    ///
    /// The Swift runtime installs its crash reporter for SIGQUIT while it starts, milliseconds
    /// before `main`; a SIGQUIT in between would print a crash report and let the app go on. Held
    /// here, the signal waits until `main` has put the app's own handler in place and unblocked
    /// it (`SystemCall.unblock`), and then ends the app with 131. It runs before the runtime has
    /// started, so it calls C only, directly: `sigemptyset`, `sigaddset` and `pthread_sigmask` with
    /// these arguments cannot fail, and SystemBoundary's wrappers throw Swift errors, which need
    /// the runtime.
    @c func holdQuitUntilMain() {
        var quit = sigset_t()
        sigemptyset(&quit)
        sigaddset(&quit, SIGQUIT)
        pthread_sigmask(SIG_BLOCK, &quit, nil)
    }

    /// `holdQuitUntilMain`, run by the dynamic loader before any library's initializer.
    ///
    /// The ELF `.preinit_array` of an executable lists functions run before the initializers of
    /// the libraries it loads, the Swift runtime's included. Only an executable's runs, which is
    /// why this lives in the `movies` target. The test bundle links that target too (moviesTests
    /// runs its code in-process), so the tests' own process also starts with SIGQUIT held on its
    /// main thread; nothing sends it one, and a `movies` it starts lets SIGQUIT through in `main`.
    @section(".preinit_array") @used
    let quitHeldBeforeMain: @convention(c) () -> Void = holdQuitUntilMain
#endif
