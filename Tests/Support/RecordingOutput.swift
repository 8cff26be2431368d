// A `TextOutput` that keeps every write: the views' and the command runner's tests assert the exact
// text on each channel, write by write, without a terminal.

import TerminalIO

/// Records every write, so tests can assert the exact text on each channel, write by write.
@MainActor
package final class RecordingOutput: TextOutput {
    package private(set) var writes: [(text: String, channel: OutputChannel)] = []
    package private(set) var prompts = 0

    package init() {}

    package func write(_ text: String, to channel: OutputChannel) {
        writes.append((text, channel))
    }

    package func showPrompt() {
        prompts += 1
    }

    /// Everything written to `channel`, split into lines.
    package func lines(_ channel: OutputChannel = .standard) -> [String] {
        let text = writes.filter { $0.channel == channel }.map(\.text).joined()
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
            String.init)
    }

    package func clear() {
        writes.removeAll()
    }
}
