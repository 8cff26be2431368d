// The app's way out to its descriptors, read back through pipes: every byte it is given arrives on
// its channel and nothing is added to a pipe; at a `TERM=dumb` terminal the simple prompt is put
// back under output that arrives while it is shown; a write that fails (a reader gone, a full
// disk) is recorded once, reported once, and everything after it is dropped.

import Foundation
import MoviesTestSupport
import Testing

@testable import SystemBoundary
@testable import TerminalIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@MainActor
@Suite("StandardStreams")
struct StandardStreamsTests {
    @Test func toAPipeEveryByteArrivesOnItsChannelAndNothingIsAdded() throws {
        let output = try TestPipe()
        let errors = try TestPipe()
        defer {
            output.closeEnds()
            errors.closeEnds()
        }
        let streams = StandardStreams(
            interactive: false, prompt: "movies> ", report: StandardStreams.testReport,
            output: output.writeEnd, error: errors.writeEnd)
        streams.write("Loading movies…\n", to: .standard)
        streams.write("line 2: unknown command \"zz\"\n", to: .error)
        streams.showPrompt()
        streams.write("  1. Alien (1979)\n", to: .standard)
        streams.promptAnswered()
        streams.write("Loaded 1 movie.\n", to: .standard)
        #expect(
            output.takeText() == "Loading movies…\n  1. Alien (1979)\nLoaded 1 movie.\n",
            "no prompt and no escape sequence in a pipe")
        #expect(errors.takeText() == "line 2: unknown command \"zz\"\n")
        #expect(streams.failure == nil)
    }

    @Test(.hangGuard)
    func aWriteLargerThanAFullNonBlockingPipeArrivesWhole() async throws {
        let output = try TestPipe()
        defer { close(output.readEnd) }
        // Non-blocking, as a shell may leave a shared descriptor: the pipe fills, `write` says
        // EAGAIN, and the streams must wait and go on rather than fail or drop the rest.
        _ = fcntl(output.writeEnd, F_SETFL, fcntl(output.writeEnd, F_GETFL) | O_NONBLOCK)
        let text = (0..<20_000).map { "  \($0). Title number \($0) (1999)\n" }.joined()
        let reader = Task.detached { [readEnd = output.readEnd] in await readToEnd(readEnd) }
        let streams = StandardStreams(
            interactive: false, prompt: "movies> ", report: StandardStreams.testReport,
            output: output.writeEnd, error: output.writeEnd)
        streams.write(text, to: .standard)
        close(output.writeEnd)
        #expect(text.utf8.count > 500_000, "several times what a pipe holds")
        #expect(streams.failure == nil)
        #expect(await reader.value == Array(text.utf8))
    }

    @Test func theDumbTerminalPromptIsPutBackUnderOutputThatArrivesWhileItIsShown() throws {
        // At a terminal stdout and stderr are the same device: one pipe for both.
        let terminal = try TestPipe()
        defer { terminal.closeEnds() }
        let streams = StandardStreams(
            interactive: true, prompt: "movies> ", report: StandardStreams.testReport,
            output: terminal.writeEnd, error: terminal.writeEnd)
        var screen = TerminalScreen(rows: 6, columns: 40)

        streams.write("Loading movies…\n", to: .standard)
        streams.showPrompt()
        #expect(terminal.takeText() == "Loading movies…\nmovies> ")
        streams.write("Loaded 30 movies.\n", to: .standard)
        streams.write("refresh: failed\n", to: .error)
        let bytes = terminal.take()
        // Compared escaped, so that a failure message prints no escape sequence.
        #expect(
            TerminalText.escaped(String(decoding: bytes, as: UTF8.self))
                == #"\u{A}Loaded 30 movies.\u{A}movies> \u{A}refresh: failed\u{A}movies> "#
        )
        screen.feedThroughOutputProcessing(Array("Loading movies…\nmovies> ".utf8) + bytes)
        #expect(
            screen.lines.prefix(6) == [
                "Loading movies…", "movies>", "Loaded 30 movies.", "movies>", "refresh: failed",
                "movies>",
            ],
            "\(screen.dump)")
        #expect(screen.cursor == (5, 8), "the cursor waits after the prompt")

        // The person answers; the terminal echoes what they typed, Enter included.
        _ = write(terminal.writeEnd, "list\n", 5)
        streams.promptAnswered()
        streams.write("  1. Alien (1979)\n", to: .standard)
        let answered = terminal.take()
        #expect(
            String(decoding: answered, as: UTF8.self) == "list\n  1. Alien (1979)\n",
            "once the prompt is answered, output is plain lines again")
        screen.feedThroughOutputProcessing(answered)
        #expect(screen.lines.prefix(5).suffix(2) == ["movies> list", "  1. Alien (1979)"])
        #expect(screen.unknownSequences.isEmpty)
    }

    @Test func aFullDiskIsRecordedOnceReportedOnceAndLaterWritesAreDropped() throws {
        let errors = try TestPipe()
        defer { errors.closeEnds() }
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0, "/dev/full fails every write with ENOSPC")
        defer { close(full) }
        let streams = StandardStreams(
            interactive: false, prompt: "movies> ", report: StandardStreams.testReport,
            output: full, error: errors.writeEnd)
        var reported: [OutputFailure] = []
        streams.onFailure = { reported.append($0) }

        streams.write("  1. Alien (1979)\n", to: .standard)
        streams.write("  2. Heat (1995)\n", to: .standard)
        streams.write("line 3: unknown command \"zz\"\n", to: .error)

        let failure = OutputFailure.writeFailed(.standard, errno: ENOSPC)
        #expect(streams.failure == failure)
        #expect(reported == [failure], "onFailure runs once")
        #expect(
            errors.takeText()
                == "movies: cannot write to standard output: No space left on device\n",
            "one report, and the later message is dropped")
    }

    @Test func aFailingStderrIsRecordedWithNoReportAndLaterOutputIsDropped() throws {
        let output = try TestPipe()
        defer { output.closeEnds() }
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        let streams = StandardStreams(
            interactive: false, prompt: "movies> ", report: StandardStreams.testReport,
            output: output.writeEnd, error: full)
        var reported: [OutputFailure] = []
        streams.onFailure = { reported.append($0) }

        streams.write("  1. Alien (1979)\n", to: .standard)
        streams.write("line 2: unknown command \"zz\"\n", to: .error)
        streams.write("  2. Heat (1995)\n", to: .standard)

        #expect(streams.failure == .writeFailed(.error, errno: ENOSPC))
        #expect(reported == [.writeFailed(.error, errno: ENOSPC)])
        #expect(output.takeText() == "  1. Alien (1979)\n", "nothing after the failure")
    }

    @Test func aReaderThatLeftIsRecordedOnceSilentlyAndLaterWritesAreDropped() throws {
        let output = try TestPipe()
        let errors = try TestPipe()
        defer {
            close(output.writeEnd)
            errors.closeEnds()
        }
        // The reader goes away, as `head` does. SIGPIPE is ignored, as the app ignores it, so the
        // write fails with EPIPE instead of killing the test process.
        signal(SIGPIPE, SIG_IGN)
        close(output.readEnd)
        let streams = StandardStreams(
            interactive: false, prompt: "movies> ", report: StandardStreams.testReport,
            output: output.writeEnd, error: errors.writeEnd)
        var reported: [OutputFailure] = []
        streams.onFailure = { reported.append($0) }

        streams.write("  1. Alien (1979)\n", to: .standard)
        streams.write("  2. Heat (1995)\n", to: .standard)
        streams.write("line 3: unknown command \"zz\"\n", to: .error)

        #expect(streams.failure == .readerGone(.standard))
        #expect(reported == [.readerGone(.standard)])
        #expect(errors.take().isEmpty, "nobody is told, and the later message is dropped")
    }

    /// A reader that leaves while nothing is being written is a failure at once: an app waiting
    /// for input or a fetch must not linger until its next write.
    @Test(.hangGuard)
    func aWatchedReaderThatLeavesIsAFailureWithoutAnyWrite() async throws {
        let output = try TestPipe()
        let errors = try TestPipe()
        defer {
            close(output.writeEnd)
            errors.closeEnds()
        }
        let streams = StandardStreams(
            interactive: false, prompt: "movies> ", report: StandardStreams.testReport,
            output: output.writeEnd, error: errors.writeEnd)
        let (failures, reported) = AsyncStream.makeStream(of: OutputFailure.self)
        streams.onFailure = { reported.yield($0) }
        streams.watchReaders()
        streams.write("Loading movies…\n", to: .standard)
        #expect(output.takeText() == "Loading movies…\n")
        close(output.readEnd)

        let deadline = Task {
            try await Task.sleep(for: .seconds(5))
            reported.finish()
        }
        var iterator = failures.makeAsyncIterator()
        let failure = await iterator.next()
        deadline.cancel()
        #expect(failure == .readerGone(.standard), "noticed within five seconds, with no write")
        #expect(streams.failure == .readerGone(.standard))
        #expect(errors.take().isEmpty, "nobody is told")
    }
}

/// Reads `descriptor` (switched to blocking) to its end, on a thread of its own.
private func readToEnd(_ descriptor: Int32) async -> [UInt8] {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count > 0 {
                    received += buffer.prefix(count)
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            continuation.resume(returning: received)
        }
    }
}
