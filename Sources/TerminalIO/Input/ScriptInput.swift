// Role in the data flow: the very start, for `-c` and for tests. The commands are all known up
// front, so every line is ready at once: the session runs them in order, as it would a pipe whose
// bytes had all arrived, with nothing to wait for.

/// Lines known in advance: the commands of `-c`, or a test's script.
@MainActor
package final class ScriptInput: InputSource {
    private var lines: ArraySlice<String>

    package init(_ lines: [String]) {
        self.lines = lines[...]
    }

    package func nextReady() -> InputEvent? {
        guard let line = lines.popFirst() else { return .end(final: true) }
        return .line(line)
    }

    package func next() async -> InputEvent {
        nextReady() ?? .end(final: true)
    }
}
