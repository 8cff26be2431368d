// The tests' bounded wait for the store's fetches: it ends with the operation, fails a wait that
// nothing ends once its limit passes, and does not count the time other work holds the main
// actor, so a test kept waiting by its neighbours on a loaded machine is not failed for it.

import Synchronization
import Testing

@testable import MoviesTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("BoundedWait")
@MainActor
struct BoundedWaitTests {
    @Test func aWaitEndsWithItsOperation() async {
        var ran = false
        let finished = await BoundedWait.run("a quick operation") {
            await Self.offTheMainActor()
            ran = true
        }
        #expect(finished)
        #expect(ran)
    }

    @Test func aWaitThatNothingEndsFailsOnceItsLimitPasses() async {
        var finished = true
        await withKnownIssue("the wait records that it did not end") {
            finished = await BoundedWait.run(
                "an operation that never ends", limit: .milliseconds(300),
                tick: .milliseconds(100)
            ) {
                try? await Task.sleep(for: .seconds(3_600))
            }
        }
        #expect(!finished)
    }

    @Test func timeTheMainActorIsHeldDoesNotCount() async {
        let holding = Flag()
        let (started, startedSink) = AsyncStream.makeStream(of: Void.self)
        let wait = Task { @MainActor in
            await BoundedWait.run(
                "two steps off the main actor", limit: .milliseconds(150),
                tick: .milliseconds(30)
            ) {
                // The first step comes back only once the actor is held, so it queues behind
                // the hold, and so does the limit's clock, which started before it.
                startedSink.yield()
                await Task.detached {
                    while !holding.isSet { usleep(1_000) }
                }.value
                await Self.offTheMainActor()
            }
        }
        for await _ in started { break }
        // Hold the actor for three times the limit, as busy neighbours can. Counted by the clock
        // on the wall, the limit would pass during the hold, and the second step would come
        // back after it. (Short: every test of the store waits for this hold to end.)
        holding.set()
        usleep(450_000)
        #expect(await wait.value, "the hold counts as one tick at most")
    }

    /// Goes to the shared pool and back to the main actor: one step of a fetch.
    private static func offTheMainActor() async {
        await Task.detached {}.value
    }

    /// A flag one task sets and another reads.
    private final class Flag: Sendable {
        private let value = Atomic(false)
        var isSet: Bool { value.load(ordering: .acquiring) }
        func set() { value.store(true, ordering: .releasing) }
    }
}
