// Role in the data flow: keys as input. While the screen view's history panel is open, the console
// hands Up and Down to the session instead of the input line (`InputEvent.key`); this says which
// command each stands for, and the session runs it as it runs a typed one: through the command
// runner, so the store, the journal, the unsaved-edit count and every refusal (a follower's, a
// failed state file's, nothing to undo) treat it as that command.
//
//   Up ─► TerminalConsole ─► InputEvent.key(.up) ─► Session ─► HistoryPanelKeys ─► undo ─► runner

import TerminalIO

/// The commands the history panel's keys stand for: Up takes the list one edit back (`undo`),
/// Down one edit forward (`redo`).
enum HistoryPanelKeys {
    /// The command `key` stands for; `nil` for a key that stands for none (the console passes
    /// only Up and Down, and only while the panel is open).
    ///
    /// The `switch` is exhaustive on purpose: a new key does not compile until it is decided
    /// here whether it can stand for a command.
    static func command(for key: Key) -> (any Command)? {
        switch key {
        case .up: UndoCommand(count: 1)
        case .down: RedoCommand(count: 1)
        case .text, .enter, .backspace, .delete, .left, .right, .home, .end, .pageUp, .pageDown,
            .tab, .escape, .control:
            nil
        }
    }
}
