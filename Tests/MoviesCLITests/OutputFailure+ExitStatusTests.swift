// What lost output means for the process: the status it exits with (74 for a failed write, 141
// for a reader that left) and the one line the user is told, when anyone can be told.

import Testing

@testable import MoviesCLI
@testable import TerminalIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("OutputFailure+ExitStatus")
struct OutputFailureExitStatusTests {
    @Test func aFailedWriteToStdoutIsAnIOErrorAndIsReportedOnStderr() {
        let failure = OutputFailure(channel: .standard, errno: ENOSPC)
        #expect(failure.exitStatus == .ioError)
        #expect(
            failure.report == "movies: cannot write to standard output: No space left on device\n")
    }

    @Test func aFailedWriteToStderrIsAnIOErrorThatNobodyCanBeTold() {
        let failure = OutputFailure(channel: .error, errno: ENOSPC)
        #expect(failure.exitStatus == .ioError)
        #expect(failure.report == nil)
    }

    @Test func aReaderThatLeftIsABrokenPipeAndNobodyIsTold() {
        let failure = OutputFailure(channel: .standard, errno: EPIPE)
        #expect(failure == .readerGone(.standard))
        #expect(failure.exitStatus == .brokenPipe)
        #expect(failure.report == nil)
    }
}
