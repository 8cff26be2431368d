// Role in the data flow: the first step for every input line. The tokenizer splits the line into
// words the way a shell would (quotes group, backslashes escape), so that `Command` can parse words
// without caring how they were typed.

/// Splits a command line into words.
///
/// Rules: whitespace separates words; `"…"` and `'…'` group a word that may contain spaces; a
/// backslash takes the next character literally, inside quotes or out (so `'Schindler\'s List'`
/// works). `""` is an empty word, which lets a command report "empty title" rather than
/// "missing title".
///
/// The line is read as Unicode scalars, not as `Character`s: a combining mark right after a quote
/// would otherwise fuse with it into one grapheme (`"` + U+0301), and the quote would go unseen.
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
        var current = String.UnicodeScalarView()
        var inWord = false
        var quote: Unicode.Scalar?
        var escaping = false

        for scalar in line.unicodeScalars {
            if escaping {
                current.append(scalar)
                escaping = false
            } else if scalar == "\\" {
                escaping = true
                inWord = true
            } else if let open = quote {
                if scalar == open { quote = nil } else { current.append(scalar) }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
                inWord = true
            } else if scalar.properties.isWhitespace {
                if inWord {
                    words.append(String(current))
                    current = String.UnicodeScalarView()
                    inWord = false
                }
            } else {
                current.append(scalar)
                inWord = true
            }
        }
        if escaping { throw .danglingBackslash }
        if let open = quote { throw .unterminatedQuote(Character(open)) }
        if inWord { words.append(String(current)) }
        return words
    }
}
