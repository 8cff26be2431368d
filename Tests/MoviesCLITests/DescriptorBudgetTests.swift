// What a session counts before it starts: the descriptors each kind of session holds at most, part
// by part, as docs/COMMANDS.md's limits table quotes them. The check itself runs against the real
// limit in the binary's tests (DescriptorLimitTests), where a shell lowers it.

import SystemBoundary
import Testing

@testable import MoviesCLI

@Suite("DescriptorBudget")
struct DescriptorBudgetTests {
    @Test(arguments: [
        (Options(), false, 13),
        (Options(commands: "list"), false, 13),
        (Options(trace: .standardError), false, 13),
        (Options(), true, 15),
        (Options(statePath: "st"), false, 16),
        (Options(trace: .file("t")), false, 14),
        (Options(statePath: "st", trace: .file("t")), true, 19),
    ])
    func eachKindOfSessionNeedsItsParts(options: Options, terminal: Bool, needed: Int) {
        #expect(DescriptorBudget(session: options, terminal: terminal).needed == needed)
    }

    @Test func aReplayNeedsTheRuntimeAndItsTrace() {
        #expect(DescriptorBudget.replay.parts == [.runtimeEvents, .replayedTrace])
        #expect(DescriptorBudget.replay.needed == 6)
    }
}
