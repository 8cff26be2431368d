// Lines typed by a person, all known up front: none is ready before the session waits for it,
// as at a terminal, so the session shows a prompt (and commits) before each one.

import TerminalIO

/// Lines typed by a person: none is ever ready before the session waits for it, so the session
/// shows a prompt (and commits) before each one, as at a terminal.
@MainActor
package final class TypedInput: InputSource {
    private var lines: ArraySlice<String>

    package init(_ lines: [String]) {
        self.lines = lines[...]
    }

    package func nextReady() -> InputEvent? { nil }

    package func next() async -> InputEvent {
        guard let line = lines.popFirst() else { return .end(final: true) }
        return .line(line)
    }
}
