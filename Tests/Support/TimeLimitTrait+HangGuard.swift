// Role: outside the app's data flow, where a test stands. Every test that waits for something
// (a fetch, a process, a terminal) carries this time limit, so a hang fails the test instead of
// stalling the run.

import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a test that could hang: five minutes.
    ///
    /// Far more than any test needs on its own, on purpose. Tests that touch the store run on the
    /// main actor, one at a time, and on a slow two-core machine (CI's ran the suite six times
    /// slower than the one the tests were written on) or under the sanitizers, a long CPU-bound
    /// one (the 20,000-line fuzz) keeps the others waiting for minutes; a limit of one minute
    /// failed tests that were only queued. A real hang still ends the run within CI's budget.
    package static var hangGuard: Self { .timeLimit(.minutes(5)) }
}
