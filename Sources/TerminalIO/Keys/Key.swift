// Role in the data flow: the very start, at a terminal. In raw mode the terminal sends bytes, not
// lines; `KeyDecoder` turns them into `Key`s, and the line editor turns keys into edits and
// submitted lines. A key says what was pressed, not what it means: Ctrl-B is `.control(.b)`, and
// only the editor decides that it moves left, like the Left arrow.

/// One key press (or one run of typed or pasted text) read from a terminal in raw mode.
package enum Key: Equatable, Sendable {
    /// Printable text: one key press, or a run of them read together (typing fast, a paste). Never
    /// contains control characters, except a tab inside a bracketed paste.
    case text(String)
    /// Return or Enter (CR, LF, or CR LF together, counted once).
    case enter
    /// Backspace: DEL (0x7F) or BS (0x08, Ctrl-H).
    case backspace
    /// The Delete key (`ESC [ 3 ~`).
    case delete
    /// The arrow keys.
    case up, down, left, right
    /// Home and End, in every form terminals send them.
    case home, end
    /// Page Up and Page Down.
    case pageUp, pageDown
    /// Tab (0x09, Ctrl-I) outside a paste.
    case tab
    /// The Escape key: an `ESC` that nothing followed for a moment (`KeyDecoder` cannot tell it
    /// from the start of a sequence until then).
    case escape
    /// A control key the app uses: Ctrl-A, B, C, D, E, F, K, L, T, U, W, Z or \.
    case control(Control)

    /// The control keys that become `Key`s (letters, and the backslash of Ctrl-\); other control
    /// keys are dropped.
    ///
    /// Ctrl-T is the screen view's (it opens the history panel), not the editor's. Raw mode turns
    /// off the signal keys, the extended keys and flow control (`ISIG`, `IEXTEN`, `IXON`), so it
    /// arrives as its byte: it is not a signal or the BSD status key there, and no multiplexer
    /// takes it for its prefix (tmux takes Ctrl-B, screen Ctrl-A).
    package enum Control: Equatable, Sendable, CaseIterable {
        case a, b, c, d, e, f, k, l, t, u, w, z, backslash

        /// The byte the terminal sends for this key in raw mode: the letter's position in the
        /// alphabet (Ctrl-A is 0x01); Ctrl-\ is 0x1C.
        package var byte: UInt8 {
            switch self {
            case .a: 0x01
            case .b: 0x02
            case .c: 0x03
            case .d: 0x04
            case .e: 0x05
            case .f: 0x06
            case .k: 0x0B
            case .l: 0x0C
            case .t: 0x14
            case .u: 0x15
            case .w: 0x17
            case .z: 0x1A
            case .backslash: 0x1C
            }
        }
    }
}
