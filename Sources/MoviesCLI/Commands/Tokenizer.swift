// Role in the data flow: the first step for every input line. The tokenizer splits the line into
// words the way a shell would (quotes group, backslashes escape), so that `Command` can parse words
// without caring how they were typed.

/// Splits a command line into words.
///
/// Rules: whitespace separates words; `"…"` and `'…'` group a word that may contain spaces; a
/// backslash takes the next character literally, inside quotes or out (so `'Schindler\'s List'`
/// works). `""` is an empty word, which lets a command report "empty title" rather than
/// "missing title". A `#` that starts a word (outside quotes, not escaped) starts a comment that
/// runs to the end of the line, as in a shell script; `Film#1` and `"#1"` are ordinary words.
///
/// The line is read as Unicode scalars, not as `Character`s: a combining mark right after a quote
/// would otherwise fuse with it into one grapheme (`"` + U+0301), and the quote would go unseen.
package enum Tokenizer {
    /// Why a line could not be split into words.
    package enum Error: Swift.Error, Equatable, Sendable {
        /// A quote was opened and never closed; carries the quote character.
        case unterminatedQuote(Character)
        /// The line ends with a backslash that escapes nothing.
        case danglingBackslash
    }

    /// The words of `line`, in order.
    package static func words(in line: String) throws(Error) -> [String] {
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
            } else if scalar == "#" && !inWord {
                // A comment: the rest of the line is for people, not for the parser.
                break
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

    /// Splits `text` (the argument of `-c`) into command lines.
    ///
    /// A line ends at every `;` and line break that is outside quotes and not escaped, so
    /// `insert "Up; again" 2009; list` is two commands. A comment runs to the end of its line,
    /// `;` included, as in a shell.
    package static func commands(in text: String) -> [String] {
        var commands: [String] = []
        var current = String.UnicodeScalarView()
        var quote: Unicode.Scalar?
        var escaping = false
        var inComment = false
        var atWordStart = true
        for scalar in text.unicodeScalars {
            if inComment {
                guard scalar == "\n" else { continue }
                inComment = false
            }
            if escaping {
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == "#" && atWordStart {
                inComment = true
                continue
            } else if scalar == ";" || scalar == "\n" {
                commands.append(String(current))
                current = String.UnicodeScalarView()
                atWordStart = true
                continue
            }
            atWordStart = quote == nil && !escaping && scalar.properties.isWhitespace
            current.append(scalar)
        }
        commands.append(String(current))
        return commands
    }
}
