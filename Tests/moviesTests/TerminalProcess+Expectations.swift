// What every end-to-end test at a terminal checks, whichever view it drives: the screen model met
// no sequence it does not know (and no sanitizer spoke), and an app that ended left the terminal
// as it found it.

import Testing

extension TerminalProcess {
    /// Records an issue listing the escape sequences and controls the screen model did not know
    /// (described in printable ASCII), if there were any, and one for a sanitizer's report: in a
    /// sanitized build (`.ci/run`) the app's stderr is this terminal.
    func expectCleanOutput(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            screen.unknownSequences.isEmpty, "\(screen.unknownSequences)",
            sourceLocation: sourceLocation)
        #expect(
            !String(decoding: transcript, as: UTF8.self).contains("Sanitizer"),
            "a sanitizer reported a problem\n\(screen.dump)", sourceLocation: sourceLocation)
    }

    /// Waits for the process to end and checks that it ended as `termination` says, with the
    /// terminal's settings those it had before the process started, bracketed paste off and no
    /// unknown sequence or sanitizer report on the way.
    func expectExit(
        _ termination: Termination, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        #expect(try await waitForExit() == termination, sourceLocation: sourceLocation)
        #expect(
            TerminalSettings(try settings()) == initialSettings,
            "the terminal's settings are the ones it had before", sourceLocation: sourceLocation)
        #expect(!screen.isBracketedPasteEnabled, sourceLocation: sourceLocation)
        expectCleanOutput(sourceLocation: sourceLocation)
    }
}
