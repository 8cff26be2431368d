// What a session counts before it starts under a limit on address space: its threads' stacks, its
// working memory, and the files it reads whole, at their size now. The check itself runs against
// the real limit in the binary's tests (AddressSpaceLimitTests), where a shell lowers it.

import Foundation
import MoviesTestSupport
import SystemBoundary
import Testing

@testable import MoviesCLI
@testable import MoviesFormats

@Suite("AddressSpaceBudget")
struct AddressSpaceBudgetTests {
    @Test func eachKindOfSessionCountsTheFilesItReads() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = directory.path("catalog.json")
        let state = directory.path("movies.state")
        try write([UInt8](repeating: 0x20, count: 1_000), to: catalog)
        try write([UInt8](repeating: 0x20, count: 3_000), to: state)
        let cases: [(Options, [AddressSpaceBudget.Part])] = [
            (Options(), [.threads, .workingMemory]),
            (
                Options(catalogPath: FileName(catalog)),
                [.threads, .workingMemory, .reading(1_000)]
            ),
            (
                Options(catalogPath: FileName(catalog), statePath: FileName(state)),
                [.threads, .workingMemory, .reading(1_000), .reading(3_000)]
            ),
            // A state file the start creates holds nothing yet.
            (
                Options(statePath: FileName(directory.path("new.state"))),
                [.threads, .workingMemory]
            ),
        ]
        for (options, parts) in cases {
            #expect(AddressSpaceBudget(session: options).parts == parts)
        }
        let both = AddressSpaceBudget(session: cases[2].0)
        #expect(
            both.needed
                == AddressSpaceRoom.forThreadsYetToStart + (16 << 20)
                + AddressSpaceRoom.toRead(4_000))
    }

    @Test func aReplayCountsItsLongestLineAtMostTheWholeTrace() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trace = directory.path("t.jsonl")
        try write([UInt8](repeating: 0x20, count: 5_000), to: trace)
        let path = FileName(trace)
        #expect(
            AddressSpaceBudget.replay(of: path, maximumLineBytes: 100).parts
                == [.workingMemory, .reading(100)])
        #expect(
            AddressSpaceBudget.replay(of: path, maximumLineBytes: 1 << 20).parts
                == [.workingMemory, .reading(5_000)])
    }

    /// Without a limit there is nothing to count, and nothing is said.
    @MainActor
    @Test func withoutALimitTheCheckSaysNothing() throws {
        guard try SystemCall.addressSpaceLimit().soft == Int.max else { return }
        let output = RecordingOutput()
        #expect(AddressSpaceBudget(session: Options()).check(messages: output) == nil)
        #expect(output.lines().isEmpty)
    }
}
