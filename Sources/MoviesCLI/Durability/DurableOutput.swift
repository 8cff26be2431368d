// Role in the data flow: the end of the line, when edits must survive (`--state`). It sits between
// the views and the real output and holds back what they draw while an edit's journal line may
// not be on disk yet; the journal's commit releases it. So a row on the screen always means the
// edit is on disk, and many edits read at once share one `fsync`. Beside the store, as its last
// middleware, it marks what was drawn for an edit, so that when the state file fails only those
// rows are dropped: the rest (a list asked for, help, an error message) still reaches the user,
// and so does everything after the failure, which no commit will ever release.
//
//   view ─► DurableOutput (held while the journal is behind) ─► StandardStreams
//   store ─► willSend … didSend ─► DurableOutput marks the text drawn for an edit

import MoviesCore
import MoviesFormats
import TerminalIO

/// A `TextOutput` that releases text only once the state file's journal is durable.
///
/// Put it in the store's middleware after the journal, and call `journalFailed()` from the
/// journal's `onFailure`: it must see each action to know which of the text it holds was drawn
/// for an edit.
@MainActor
package final class DurableOutput: TextOutput {
    /// Held text beyond this many bytes forces a commit, so a long burst of edits cannot grow
    /// memory without bound while it waits for the disk.
    ///
    /// The commit comes once the action being drawn has written its journal line, so one
    /// action's own output (a reload's whole list) may pass the bound before it is released.
    package static let maximumHeldBytes = 1_048_576

    /// One piece of text waiting for the disk.
    private struct Held {
        var text: String
        var channel: OutputChannel
        /// Drawn while an action that changed the list was delivered: a row of an edit (or of a
        /// reload), which may be shown only once the edit is on disk.
        var drawnForEdit = false
    }

    private let output: any TextOutput
    private let journal: StateFileJournal
    private var held: [Held] = []
    private var heldBytes = 0
    /// Where the text drawn by the action being sent starts in `held`; `nil` between actions.
    private var actionStart: Int?
    /// Whether the store hands this output its actions (it is among the store's middleware).
    ///
    /// Without them it cannot tell an edit's rows from the rest: a failure then drops all it
    /// holds.
    private var watchesActions = false

    /// Wraps `output`; `journal` says when text may pass, and calls back when it is durable.
    package init(output: any TextOutput, journal: StateFileJournal) {
        self.output = output
        self.journal = journal
        journal.onDurable = { [weak self] in self?.release() }
    }

    package func write(_ text: String, to channel: OutputChannel) {
        // Once the journal has failed, nothing waits: the failure's own message, written while
        // the journal still says it holds, must not wait for a commit that cannot come.
        guard journal.holdsOutput, journal.failure == nil else {
            output.write(text, to: channel)
            return
        }
        held.append(Held(text: text, channel: channel))
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

    /// Writes what was held, in order.
    private func release() {
        emptyHeld(writing: held)
    }

    /// After a journal failure: drops the rows held for edits, which are not on disk and must
    /// never be drawn, and writes the rest in order (a list asked for, help, error messages);
    /// the session then goes on with its list, taking no more edits, and says what failed.
    ///
    /// The store calls `didSend` in reverse order, so with the gate after the journal (as the
    /// assembly puts it) the gate marks the failing action's rows, and ends that action, before
    /// the journal writes its line or fold: a failure there finds no action being sent, and all
    /// that is held goes by its mark. The journal writes nothing earlier in an action (a commit
    /// asked for meanwhile waits for its `didSend`), so only another order, the gate before the
    /// journal, makes a failure find an action still being sent; that action's text, not yet
    /// marked, then counts as an edit's and is dropped too.
    func journalFailed() {
        guard watchesActions else {
            emptyHeld(writing: [])
            return
        }
        let kept = held[..<(actionStart ?? held.count)].filter { !$0.drawnForEdit }
        emptyHeld(writing: kept)
    }

    /// Empties the held text, then writes `pieces`.
    private func emptyHeld(writing pieces: [Held]) {
        held.removeAll()
        heldBytes = 0
        // Text the action being sent draws from now on starts at the front again.
        if actionStart != nil { actionStart = 0 }
        for piece in pieces {
            output.write(piece.text, to: piece.channel)
        }
    }
}

/// The gate watches the store: the text drawn while an action's Changes were delivered was drawn
/// for an edit when one of them changed the list.
extension DurableOutput: MoviesMiddleware {
    package func willSend(_ action: MoviesViewModel.Action, state: MoviesState) {
        watchesActions = true
        actionStart = held.count
    }

    package func didSend(_ record: MoviesViewModel.Record, state: MoviesState) {
        defer { actionStart = nil }
        guard let start = actionStart, case .changes(let changes) = record.outcome,
            changes.contains(where: \.changesList)
        else { return }
        for index in start..<held.count {
            held[index].drawnForEdit = true
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
