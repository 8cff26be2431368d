// Role in the data flow: the end of the line, split in two. What a view draws and what the user
// asked for goes to stdout; what was wrong with the input goes to stderr, so a script reading
// stdout sees only the list and its changes.

/// Which stream a piece of text belongs on.
package enum OutputChannel: Equatable, Sendable {
    /// Views and requested output (lists, JSON, help): stdout.
    case standard
    /// Messages about rejected input: stderr, so scripts reading stdout are not confused by them.
    case error
}
