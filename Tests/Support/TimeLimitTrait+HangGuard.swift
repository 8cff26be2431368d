// Role: outside the app's data flow, where a test stands. Every test that waits for something
// (a fetch, a process, a terminal) carries this time limit, so a hang fails the test instead of
// stalling the run.

import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a test that could hang: five minutes.
    ///
    /// Far more than any test needs on its own, on purpose. Tests that touch the store run on the
    /// main actor, one at a time, and under the sanitizers on two cores a long CPU-bound one (the
    /// 20,000-line fuzz, the 300-seed contract) keeps the others waiting for two minutes; a limit
    /// of one minute failed tests that were only queued. A real hang still ends the run well
    /// within CI's budget.
    public static var hangGuard: Self { .timeLimit(.minutes(5)) }
}
