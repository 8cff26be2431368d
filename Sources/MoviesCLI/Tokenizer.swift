// Role in the data flow: the first step for every input line. The tokenizer splits the line into
// words the way a shell would (quotes group, backslashes escape), so that `Command` can parse words
// without caring how they were typed.

/// Splits a command line into words.
///
/// Rules: whitespace separates words; `"…"` and `'…'` group a word that may contain spaces; a
/// backslash takes the next character literally, inside quotes or out (so `'Schindler\'s List'`
/// works). `""` is an empty word, which lets a command report "empty title" rather than
/// "missing title".
public enum Tokenizer {
    /// Why a line could not be split into words.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// A quote was opened and never closed; carries the quote character.
        case unterminatedQuote(Character)
        /// The line ends with a backslash that escapes nothing.
        case danglingBackslash
    }

    /// The words of `line`, in order.
    public static func words(in line: String) throws(Error) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaping = false

        for character in line {
            if escaping {
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
            } else {
                current.append(character)
                inWord = true
            }
        }
        if escaping { throw .danglingBackslash }
        if let open = quote { throw .unterminatedQuote(open) }
        if inWord { words.append(current) }
        return words
    }
}
