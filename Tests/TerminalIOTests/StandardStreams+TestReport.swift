// What the streams' tests have them say about a lost write: the app's wording (the app's
// OutputFailure+ExitStatus.swift), so the tests read like the real thing.

import SystemBoundary

@testable import TerminalIO

extension StandardStreams {
    /// Tells the user about a failed write to stdout, and nobody about anything else (a reader
    /// that left, or stderr itself failing).
    @MainActor
    static func testReport(_ failure: OutputFailure) -> String? {
        switch failure {
        case .readerGone, .writeFailed(.error, _): nil
        case .writeFailed(.standard, let code):
            "movies: cannot write to standard output: \(SystemCall.reason(code))\n"
        }
    }
}
