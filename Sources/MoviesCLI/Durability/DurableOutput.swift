// Role in the data flow: the end of the line, when edits must survive (`--state`). It sits between
// the views and the real output and holds back what they draw while an edit's journal line may
// not be on disk yet; the journal's commit releases it. So a row on the screen always means the
// edit is on disk, and many edits read at once share one `fsync`.
//
//   view ─► DurableOutput (held while the journal is behind) ─► StandardStreams

import MoviesFormats
import TerminalIO

/// A `TextOutput` that releases text only once the state file's journal is durable.
@MainActor
package final class DurableOutput: TextOutput {
    /// Held text beyond this many bytes forces a commit, so a long burst of edits cannot grow
    /// memory without bound while it waits for the disk.
    ///
    /// The commit comes once the action being drawn has written its journal line, so one
    /// action's own output (a reload's whole list) may pass the bound before it is released.
    package static let maximumHeldBytes = 1_048_576

    private let output: any TextOutput
    private let journal: StateFileJournal
    private var held: [(text: String, channel: OutputChannel)] = []
    private var heldBytes = 0

    /// Wraps `output`; `journal` says when text may pass, and calls back when it is durable.
    package init(output: any TextOutput, journal: StateFileJournal) {
        self.output = output
        self.journal = journal
        journal.onDurable = { [weak self] in self?.release() }
    }

    package func write(_ text: String, to channel: OutputChannel) {
        guard journal.holdsOutput else {
            output.write(text, to: channel)
            return
        }
        held.append((text, channel))
        heldBytes += text.utf8.count
        if heldBytes > Self.maximumHeldBytes {
            journal.commitSoon()
        }
    }

    package func showPrompt() {
        output.showPrompt()
    }

    package func promptAnswered() {
        output.promptAnswered()
    }

    /// Drops what is held without writing it: after a journal failure, the rows held back are
    /// for edits that are not on disk, and must never be drawn.
    package func discard() {
        held.removeAll()
        heldBytes = 0
    }

    /// Writes what was held, in order.
    private func release() {
        let pending = held
        held.removeAll()
        heldBytes = 0
        for (text, channel) in pending {
            output.write(text, to: channel)
        }
    }
}

/// The screen view writes its bytes through the same gate: a row it draws for an edit is on the
/// terminal only once the edit is on disk.
extension DurableOutput: TerminalOutput {
    package func write(_ bytes: String) {
        write(bytes, to: .standard)
    }
}
