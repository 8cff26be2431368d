// Role in the benchmark: how the page's sentences are put together. `PerformancePage` interpolates
// the run's figures into prose; these helpers join them into lists and ranges, and wrap a
// paragraph at 100 columns as the other docs are wrapped, keeping code spans and links whole.

/// Lists, ranges and wrapped paragraphs for the Markdown page.
///
/// The page's sentences join a varying number of figures, and its paragraphs are wrapped as the
/// hand-written docs are; doing both here keeps `PerformancePage` about what the figures say.
enum Prose {
    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }

    /// Figures at their list sizes: "1.93 at 1,000 movies, 1.05 at 10,000 and 1.01 at 100,000".
    static func atSizes(_ figures: [(figure: String, movies: Int)]) -> String {
        list(
            figures.enumerated().map { offset, item in
                item.figure + " at " + Format.grouped(item.movies) + (offset == 0 ? " movies" : "")
            })
    }

    /// The smallest and largest of `values` as `format` writes them: "29.0 B to 43.0 B", or one
    /// figure when both ends read the same.
    static func range(_ values: [Double], _ format: (Double) -> String) -> String {
        guard let low = values.min(), let high = values.max() else { return "" }
        let (from, to) = (format(low), format(high))
        return from == to ? from : from + " to " + to
    }

    /// `text` as lines of at most `width` columns, broken at spaces; the first line starts with
    /// `first`, the others with `rest` (a list item's indent).
    ///
    /// A code span or a link is never broken, so a reader's search and the link checker find it
    /// whole; a word longer than the line stands alone on its own line.
    static func wrapped(_ text: String, width: Int = 100, first: String = "", rest: String = "")
        -> String
    {
        var lines: [String] = []
        var line = first
        var lineIsEmpty = true
        for word in words(text) {
            if !lineIsEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = rest
                lineIsEmpty = true
            }
            line += (lineIsEmpty ? "" : " ") + word
            lineIsEmpty = false
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// The pieces of `text` between the spaces a line may break at: a code span or a link is
    /// one piece, whatever spaces it holds.
    private static func words(_ text: String) -> [String] {
        let characters = Array(text)
        var words: [String] = []
        var word = ""
        var index = 0
        while index < characters.count {
            if characters[index] == " " {
                if !word.isEmpty { words.append(word) }
                word = ""
                index += 1
            } else if let end = unbreakableEnd(characters, from: index) {
                word += String(characters[index..<end])
                index = end
            } else {
                word.append(characters[index])
                index += 1
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// One past the end of the code span (`` `a b` ``) or link (`[a b](c)`) that starts at
    /// `start`, or `nil` if none starts there.
    private static func unbreakableEnd(_ characters: [Character], from start: Int) -> Int? {
        let after = characters.index(after: start)
        switch characters[start] {
        case "`":
            return characters[after...].firstIndex(of: "`").map { $0 + 1 }
        case "[":
            guard let close = characters[after...].firstIndex(of: "]"),
                close + 1 < characters.count, characters[close + 1] == "(",
                let end = characters[(close + 2)...].firstIndex(of: ")")
            else { return nil }
            return end + 1
        default:
            return nil
        }
    }
}
