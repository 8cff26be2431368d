// The bytes a terminal emulator (xterm, in its default modes) sends for the keys the tests press,
// so a test reads `app.press(.left, .backspace)` rather than escape sequences.

/// One key as an xterm-compatible terminal sends it to the program in raw mode.
struct Keystroke: Sendable, CustomStringConvertible {
    /// What the terminal writes when the key is pressed.
    let bytes: String
    /// The key's name, for failure messages (never the raw bytes).
    let description: String

    static let enter = Keystroke(bytes: "\r", description: "Enter")
    static let tab = Keystroke(bytes: "\t", description: "Tab")
    /// What Backspace sends on Linux terminals: DEL.
    static let backspace = Keystroke(bytes: "\u{7F}", description: "Backspace")
    static let delete = Keystroke(bytes: "\u{1B}[3~", description: "Delete")
    static let up = Keystroke(bytes: "\u{1B}[A", description: "Up")
    static let down = Keystroke(bytes: "\u{1B}[B", description: "Down")
    static let right = Keystroke(bytes: "\u{1B}[C", description: "Right")
    static let left = Keystroke(bytes: "\u{1B}[D", description: "Left")
    static let home = Keystroke(bytes: "\u{1B}[H", description: "Home")
    static let end = Keystroke(bytes: "\u{1B}[F", description: "End")
    static let pageUp = Keystroke(bytes: "\u{1B}[5~", description: "Page Up")
    static let pageDown = Keystroke(bytes: "\u{1B}[6~", description: "Page Down")

    /// Ctrl with `letter` (a–z): the letter's position in the alphabet, as one byte.
    static func control(_ letter: Character) -> Keystroke {
        let value = letter.asciiValue.map { $0 & 0x1F } ?? 0
        return Keystroke(
            bytes: String(UnicodeScalar(value)), description: "Ctrl-\(letter.uppercased())")
    }

    /// `text` typed, as one burst of keys (a fast typist, or keys read together).
    static func text(_ text: String) -> Keystroke {
        Keystroke(bytes: text, description: "typing \"\(ascii(text))\"")
    }

    /// `text` pasted: wrapped in the bracketed-paste markers the app asked for.
    static func paste(_ text: String) -> Keystroke {
        Keystroke(
            bytes: "\u{1B}[200~" + text + "\u{1B}[201~", description: "pasting \"\(ascii(text))\"")
    }

    /// `text` in printable ASCII (`\u{200D}` for a joiner), so a failure message never carries a
    /// control or invisible character to the terminal running the tests.
    private static func ascii(_ text: String) -> String {
        text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
    }
}
