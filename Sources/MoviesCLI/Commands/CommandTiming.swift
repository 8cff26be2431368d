// Role in the data flow: between parsing and running. While the list is loading, `Session` holds
// back the commands that need it, and every line after them, so that lines run in input order;
// each command says here which kind it is.

/// When a command may run while a fetch is in flight and lines are waiting for it.
package enum CommandTiming: Equatable, Sendable {
    /// It reads or edits the list, so it waits for a fetch in flight (an edit made now would be
    /// overwritten by the list on its way), and for its turn behind the lines already waiting.
    case afterTheList
    /// It needs no list, but keeps its place in the input: it waits only for its turn behind
    /// the lines already waiting (`refresh`).
    case inTurn
    /// It acts at once, even ahead of the lines waiting (`help`; `quit`, whose waiting for what
    /// came before it, when a script says it, is the session's to decide).
    case atOnce
}
