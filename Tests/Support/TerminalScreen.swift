// Role: outside the app's data flow, where the user's eyes would be. Tests feed the bytes the app
// writes to a terminal into a `TerminalScreen` and assert what a person would see (the grid of
// cells, the cursor), not which bytes were sent. Any sequence the model does not know is recorded,
// so a test also fails when the app starts relying on something the model (and perhaps the
// user's terminal) does not do.

/// A small model of an xterm-compatible terminal screen.
///
/// It knows what the app is allowed to send: printable text (UTF-8, which may arrive split
/// across `feed` calls), CR, LF, BS, TAB and BEL; cursor movement (CUP/HVP, CUU, CUD, CUF, CUB,
/// CHA, VPA, DECSC/DECRC); erasing (EL, ED); insert and delete line (IL, DL); scrolling (SU, SD,
/// and LF at the bottom of the scroll region); the scroll region (DECSTBM); SGR (reverse video,
/// 7 on and 27 off, kept per cell; 0 resets it; colours and the rest accepted and ignored); and
/// the private modes 1049 (alternate screen), 25 (cursor visible), 2004 (bracketed paste) and 7
/// (autowrap). Everything else, including unescaped C1 controls, bidi
/// controls and invalid UTF-8, lands in `unknownSequences`.
///
/// Widths come from the model's own small table (East Asian wide and fullwidth ranges, emoji
/// with emoji presentation and emoji modifiers take two cells; combining marks of the scripts the
/// tests use, zero-width joiners, variation selectors and tag characters none), not from the
/// app's code, so it can catch the app's width mistakes. Like xterm and VTE, it works per scalar,
/// as wcwidth does: a zero-width scalar draws on the cell before the cursor, every other scalar
/// takes its own cells, so a family joined by zero-width joiners takes the cells of all its
/// members and a flag the two cells of its two regional indicators. (tmux and kitty draw a joined
/// sequence in fewer cells; the end-to-end tests in tmux check the app against that too.)
///
/// Like xterm, it defers the wrap at the right margin (the cursor stays on the last cell until
/// the next printable character), moves a wide character that does not fit to the next row, and
/// does not re-wrap lines on resize.
package struct TerminalScreen: Sendable {
    /// One character cell.
    package struct Cell: Equatable, Sendable {
        /// What the cell shows: a space when blank, a character with any zero-width scalars drawn
        /// on it, or nothing for the right half of a wide character.
        package var text: String
        /// Whether the character takes this cell and the next.
        package var isWide: Bool
        /// Whether the cell was written in reverse video (SGR 7); an erased cell is not.
        package var isReversed = false

        static let blank = Cell(text: " ", isWide: false)
    }

    /// The height and width of the screen in cells.
    package private(set) var rows: Int
    package private(set) var columns: Int

    /// Whether the alternate screen (private mode 1049) is shown.
    package private(set) var isAlternateScreen = false
    /// Whether the cursor is shown (private mode 25).
    package private(set) var isCursorVisible = true
    /// Whether the app asked for bracketed paste (private mode 2004).
    package private(set) var isBracketedPasteEnabled = false
    /// Whether text wraps at the right margin (private mode 7).
    package private(set) var isAutowrapEnabled = true
    /// How many BEL characters arrived.
    package private(set) var bells = 0
    /// Every control character, escape sequence or byte the model does not know, described in
    /// printable ASCII (`ESC [ ? 1 h`), in the order they arrived.
    package private(set) var unknownSequences: [String] = []
    /// Rows whose cells were written or erased since `resetDamage()`.
    ///
    /// Numbered as they were when it happened. Rows that a scroll, IL or DL blanked count as
    /// erased.
    package private(set) var touchedRows: Set<Int> = []

    /// The columns of `row` written or erased since `resetDamage()`, from the first to the last
    /// (empty when the row was not touched): a test can tell a rewritten row from one whose
    /// position number alone was rewritten.
    package func touchedColumns(row: Int) -> Range<Int> {
        touchedSpans[row] ?? 0..<0
    }
    /// The columns written or erased in each touched row since `resetDamage()`, from the first
    /// to the last (one span per row).
    private var touchedSpans: [Int: Range<Int>] = [:]
    /// Rows whose content only moved there (scrolling, IL, DL) since `resetDamage()`.
    package private(set) var shiftedRows: Set<Int> = []
    /// The rows between the top and bottom margins (DECSTBM), 0-based.
    package var scrollRegion: ClosedRange<Int> { scrollTop...scrollBottom }
    /// Whether the cursor sits on the last column with a wrap pending.
    package var isWrapPending: Bool { wrapPending }

    private var grid: [[Cell]]
    private var mainGrid: [[Cell]] = []
    private var row = 0
    private var column = 0
    private var wrapPending = false
    private var savedCursor: SavedCursor?
    /// Whether text written now is in reverse video (SGR 7 until SGR 27 or 0).
    private var reversed = false
    private var savedCursorForAlternateScreen: SavedCursor?
    private var scrollTop = 0
    private var scrollBottom: Int
    private var parser = ParserState.ground
    private var sequence: [UInt8] = []
    private var utf8: [UInt8] = []
    private var utf8Length = 0

    /// What DECSC saves: the position, and (as xterm does) the rendition.
    private struct SavedCursor: Sendable {
        var row: Int
        var column: Int
        var wrapPending: Bool
        var reversed = false
    }

    private enum ParserState: Sendable {
        case ground
        case escape
        /// `ESC` followed by intermediate bytes (such as `ESC ( B`).
        case escapeIntermediate
        case controlSequence
        /// OSC, DCS, SOS, PM or APC: a string ended by BEL or `ESC \`.
        case controlString
        case controlStringEscape
        /// A control sequence too long to keep, skipped to its final byte.
        case discarding
    }

    /// The longest escape sequence kept; a longer one is recorded as unknown and skipped.
    private static let maximumSequenceLength = 64

    package init(rows: Int = 24, columns: Int = 80) {
        self.rows = max(rows, 1)
        self.columns = max(columns, 2)
        scrollBottom = self.rows - 1
        grid = Self.blankGrid(rows: self.rows, columns: self.columns)
    }

    // MARK: Reading the screen

    /// Each row's text, trailing spaces trimmed.
    package var lines: [String] { grid.indices.map(line) }

    /// The text of `row`, trailing spaces trimmed; empty for a row off the screen.
    package func line(_ row: Int) -> String {
        guard grid.indices.contains(row) else { return "" }
        var text = grid[row].map(\.text).joined()
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The cell at `row`, `column`, if on the screen.
    package func cell(row: Int, column: Int) -> Cell? {
        guard grid.indices.contains(row), grid[row].indices.contains(column) else { return nil }
        return grid[row][column]
    }

    /// The text of the cells of `row` shown in reverse video, in order, trailing spaces trimmed;
    /// empty when none is.
    package func reversedText(row: Int) -> String {
        guard grid.indices.contains(row) else { return "" }
        var text = grid[row].filter(\.isReversed).map(\.text).joined()
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The rows with a cell shown in reverse video.
    package var reversedRows: Set<Int> {
        Set(grid.indices.filter { row in grid[row].contains(where: \.isReversed) })
    }

    /// Where the cursor is, 0-based; on the last column while a wrap is pending.
    package var cursor: (row: Int, column: Int) { (row, column) }

    /// The screen as text for a failure message.
    ///
    /// Numbered rows between bars, the cursor, and any unknown sequences. Cells hold only
    /// printable text, so this is safe to print.
    package var dump: String {
        var text = "screen \(rows)x\(columns), cursor row \(row) column \(column)"
        if wrapPending { text += " (wrap pending)" }
        if isAlternateScreen { text += ", alternate screen" }
        text += "\n"
        for (index, line) in lines.enumerated() {
            text += (index < 10 ? " " : "") + "\(index) |\(line)|\n"
        }
        if !reversedRows.isEmpty {
            let rows = reversedRows.sorted().map(String.init)
            text += "reverse video: rows " + rows.joined(separator: ", ") + "\n"
        }
        if !unknownSequences.isEmpty {
            text += "unknown: " + unknownSequences.joined(separator: ", ") + "\n"
        }
        return text
    }

    /// Forgets the damage recorded so far.
    package mutating func resetDamage() {
        touchedRows = []
        touchedSpans = [:]
        shiftedRows = []
    }

    // MARK: Feeding

    /// Interprets `text` as the terminal would its UTF-8 bytes.
    package mutating func feed(_ text: String) {
        feed(text.utf8)
    }

    /// Interprets `bytes`; a character or a sequence may continue in the next call.
    package mutating func feed(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            consume(byte)
        }
    }

    /// Changes the size, as a terminal window does, without re-wrapping.
    ///
    /// Rows and columns are cut or added at the bottom and the right, except that when the
    /// cursor's row would be cut, rows are taken from the top instead (as xterm pushes them into
    /// its scrollback). The scroll region becomes the whole screen.
    package mutating func resize(rows newRows: Int, columns newColumns: Int) {
        let newRows = max(newRows, 1)
        let newColumns = max(newColumns, 2)
        let dropped = max(0, row - (newRows - 1))
        grid = Self.resized(grid, dropping: dropped, rows: newRows, columns: newColumns)
        if isAlternateScreen {
            mainGrid = Self.resized(mainGrid, dropping: 0, rows: newRows, columns: newColumns)
        }
        rows = newRows
        columns = newColumns
        row = min(row - dropped, rows - 1)
        column = min(column, columns - 1)
        wrapPending = false
        scrollTop = 0
        scrollBottom = rows - 1
    }

    private static func resized(
        _ grid: [[Cell]], dropping dropped: Int, rows: Int, columns: Int
    ) -> [[Cell]] {
        var result = Array(grid.dropFirst(dropped).prefix(rows))
        while result.count < rows {
            result.append(Array(repeating: .blank, count: columns))
        }
        return result.map { line in
            var line = Array(line.prefix(columns))
            while line.count < columns { line.append(.blank) }
            if let last = line.last, last.isWide { line[columns - 1] = .blank }
            return line
        }
    }

    private static func blankGrid(rows: Int, columns: Int) -> [[Cell]] {
        Array(repeating: Array(repeating: .blank, count: columns), count: rows)
    }

    // MARK: Parsing

    private mutating func consume(_ byte: UInt8) {
        if utf8Length > 0 {
            if (0x80...0xBF).contains(byte) {
                utf8.append(byte)
                if utf8.count == utf8Length { finishUTF8() }
                return
            }
            record("invalid UTF-8 " + utf8.map(Self.hex).joined(separator: " "))
            utf8 = []
            utf8Length = 0
        }
        switch parser {
        case .ground: ground(byte)
        case .escape: escape(byte)
        case .escapeIntermediate:
            sequence.append(byte)
            if !(0x20...0x2F).contains(byte) {
                parser = .ground
                record(describe(escape: sequence))
            }
        case .controlSequence: controlSequence(byte)
        case .controlString:
            if byte == 0x07 {
                endControlString()
            } else if byte == 0x1B {
                parser = .controlStringEscape
            } else if sequence.count < Self.maximumSequenceLength {
                sequence.append(byte)
            }
        case .controlStringEscape:
            if byte == UInt8(ascii: "\\") {
                endControlString()
            } else {
                parser = .controlString
            }
        case .discarding:
            if (0x40...0x7E).contains(byte) { parser = .ground }
        }
    }

    private mutating func ground(_ byte: UInt8) {
        switch byte {
        case 0x20...0x7E: write(Unicode.Scalar(byte))
        case 0x0D: carriageReturn()
        case 0x0A: lineFeed()
        case 0x08: backspace()
        case 0x09: tab()
        case 0x07: bells += 1
        case 0x1B:
            parser = .escape
            sequence = [byte]
        case 0xC0...0xF7:
            utf8 = [byte]
            utf8Length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        case 0x80...0xFF:
            record("invalid UTF-8 " + Self.hex(byte))
        default:
            record("control " + Self.hex(byte))
        }
    }

    private mutating func finishUTF8() {
        var decoder = Unicode.UTF8()
        var iterator = utf8.makeIterator()
        let bytes = utf8
        utf8 = []
        utf8Length = 0
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
            record("invalid UTF-8 " + bytes.map(Self.hex).joined(separator: " "))
            return
        }
        switch scalar.value {
        case 0x80...0x9F:
            record("C1 control U+" + String(scalar.value, radix: 16, uppercase: true))
        case 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028...0x2029:
            record("raw format control U+" + String(scalar.value, radix: 16, uppercase: true))
        default:
            write(scalar)
        }
    }

    private mutating func escape(_ byte: UInt8) {
        sequence.append(byte)
        switch byte {
        case UInt8(ascii: "["):
            parser = .controlSequence
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"),
            UInt8(ascii: "_"):
            parser = .controlString
        case UInt8(ascii: "7"):
            parser = .ground
            savedCursor = SavedCursor(
                row: row, column: column, wrapPending: wrapPending, reversed: reversed)
        case UInt8(ascii: "8"):
            parser = .ground
            restoreCursor(savedCursor)
        case 0x20...0x2F:
            parser = .escapeIntermediate
        default:
            parser = .ground
            record(describe(escape: sequence))
        }
    }

    private mutating func controlSequence(_ byte: UInt8) {
        switch byte {
        case 0x20...0x3F:
            sequence.append(byte)
            if sequence.count > Self.maximumSequenceLength {
                record(describe(escape: sequence) + " (too long)")
                parser = .discarding
            }
        case 0x40...0x7E:
            sequence.append(byte)
            parser = .ground
            if !execute(Array(sequence.dropFirst(2).dropLast()), final: byte) {
                record(describe(escape: sequence))
            }
        default:
            sequence.append(byte)
            parser = .ground
            record(describe(escape: sequence) + " (malformed)")
        }
    }

    private mutating func endControlString() {
        parser = .ground
        record(describe(escape: sequence) + " (control string)")
    }

    /// Runs `ESC [ parameters final`; `false` when the model does not know it.
    private mutating func execute(_ parameters: [UInt8], final: UInt8) -> Bool {
        let isPrivate = parameters.first == UInt8(ascii: "?")
        let body = isPrivate ? Array(parameters.dropFirst()) : parameters
        guard body.allSatisfy({ (0x30...0x3B).contains($0) }) else { return false }
        let text = String(decoding: body, as: UTF8.self)
        if final == UInt8(ascii: "m") && !isPrivate {
            selectRendition(text)
            return true
        }
        guard !text.contains(":") else { return false }
        let numbers =
            text.isEmpty
            ? []
            : text.split(separator: ";", omittingEmptySubsequences: false)
                .map { Int($0.prefix(5)) }
        func number(_ index: Int, default value: Int) -> Int {
            guard numbers.indices.contains(index), let given = numbers[index] else { return value }
            return given
        }
        /// Counts: a missing or zero parameter means 1.
        func count(_ index: Int = 0) -> Int { max(number(index, default: 1), 1) }
        if isPrivate {
            guard final == UInt8(ascii: "h") || final == UInt8(ascii: "l") else { return false }
            return setPrivateModes(numbers, on: final == UInt8(ascii: "h"))
        }
        switch Unicode.Scalar(final) {
        case "A": moveCursor(toRow: cursorUpLimit(count()), column: column)
        case "B": moveCursor(toRow: cursorDownLimit(count()), column: column)
        case "C": moveCursor(toRow: row, column: column + count())
        case "D": moveCursor(toRow: row, column: column - count())
        case "G": moveCursor(toRow: row, column: count() - 1)
        case "d": moveCursor(toRow: count() - 1, column: column)
        case "H", "f": moveCursor(toRow: count(0) - 1, column: count(1) - 1)
        case "K": return eraseInLine(number(0, default: 0))
        case "J": return eraseInDisplay(number(0, default: 0))
        case "L": insertLines(count())
        case "M": deleteLines(count())
        case "S": scrollUp(count())
        case "T": scrollDown(count())
        case "r":
            // A missing or zero bottom margin means the last row.
            let bottom = number(1, default: 0)
            setScrollRegion(top: count(0) - 1, bottom: (bottom == 0 ? rows : bottom) - 1)
        default: return false
        }
        return true
    }

    /// SGR: reverse video on (7) or off (27, and 0 or nothing, which reset everything); every
    /// other attribute (colours, bold) is accepted and ignored, a parameter with sub-parameters
    /// (`38:5:1`) too, and the numbers of an extended colour (`38;5;7` is colour 7, not reverse
    /// video).
    private mutating func selectRendition(_ parameters: String) {
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        var index = 0
        while index < fields.count {
            switch fields[index] {
            case "", "0", "27": reversed = false
            case "7": reversed = true
            case "38", "48", "58":
                // `5;N` (an indexed colour) or `2;R;G;B`.
                let next = index + 1 < fields.count ? fields[index + 1] : ""
                index += next == "5" ? 2 : next == "2" ? 4 : 0
            default: break
            }
            index += 1
        }
    }

    private mutating func setPrivateModes(_ modes: [Int?], on: Bool) -> Bool {
        var known = true
        for mode in modes {
            switch mode {
            case 1049: switchScreen(toAlternate: on)
            case 25: isCursorVisible = on
            case 2004: isBracketedPasteEnabled = on
            case 7:
                isAutowrapEnabled = on
                wrapPending = false
            default: known = false
            }
        }
        return known && !modes.isEmpty
    }

    private mutating func record(_ description: String) {
        unknownSequences.append(description)
    }

    /// `bytes` in printable ASCII: `ESC`, printable characters as they are, the rest as hex.
    private func describe(escape bytes: [UInt8]) -> String {
        bytes.map { byte in
            switch byte {
            case 0x1B: "ESC"
            case 0x21...0x7E: String(Unicode.Scalar(byte))
            default: Self.hex(byte)
            }
        }.joined(separator: " ")
    }

    private static func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }

    // MARK: Printing

    private mutating func write(_ scalar: Unicode.Scalar) {
        let width = Self.width(of: scalar)
        if width == 0 {
            drawOnPreviousCell(scalar)
            return
        }
        if wrapPending && isAutowrapEnabled {
            column = 0
            lineFeed()
        }
        wrapPending = false
        if column + width > columns {
            if isAutowrapEnabled {
                column = 0
                lineFeed()
            } else {
                column = columns - width
            }
        }
        clearHalves(row: row, columns: column..<(column + width))
        grid[row][column] = Cell(text: String(scalar), isWide: width == 2, isReversed: reversed)
        if width == 2 {
            grid[row][column + 1] = Cell(text: "", isWide: false, isReversed: reversed)
        }
        touch(row: row, columns: column..<(column + width))
        column += width
        if column >= columns {
            column = columns - 1
            wrapPending = isAutowrapEnabled
        }
    }

    /// Adds a zero-width scalar to the cell before the cursor; dropped at the start of a row,
    /// where there is no such cell.
    private mutating func drawOnPreviousCell(_ scalar: Unicode.Scalar) {
        var target = wrapPending ? column : column - 1
        if target >= 0 && grid[row][target].text.isEmpty { target -= 1 }
        guard target >= 0 else { return }
        grid[row][target].text.unicodeScalars.append(scalar)
        touch(row: row, columns: target..<(target + 1))
    }

    /// Before `columns` of `row` are overwritten: the other half of any wide character they cut
    /// becomes blank.
    private mutating func clearHalves(row: Int, columns range: Range<Int>) {
        if let first = range.first, first > 0, grid[row][first].text.isEmpty {
            grid[row][first - 1] = .blank
        }
        if let last = range.last, last + 1 < columns, grid[row][last].isWide {
            grid[row][last + 1] = .blank
        }
    }

    /// The model's own width table (see the type's documentation).
    static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        // Combining Latin, Cyrillic, Hebrew, Arabic; Devanagari, Tamil, Thai; Hangul medial and
        // final jamo; combining marks for symbols; kana voicing marks; joiners and other format
        // characters; variation selectors; Javanese; tags.
        case 0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x05BF, 0x05C1...0x05C2,
            0x05C4...0x05C5, 0x05C7, 0x0610...0x061A, 0x064B...0x065F, 0x0670, 0x06D6...0x06DC,
            0x06DF...0x06E4, 0x0900...0x0902, 0x093A, 0x093C, 0x0941...0x0948, 0x094D,
            0x0951...0x0957, 0x0962...0x0963, 0x0B82, 0x0BC0, 0x0BCD, 0x0E31, 0x0E34...0x0E3A,
            0x0E47...0x0E4E, 0x1160...0x11FF, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x200B...0x200D,
            0x2060...0x2064, 0x206A...0x206F, 0x20D0...0x20FF, 0x302A...0x302D, 0x3099...0x309A,
            0xA980...0xA982, 0xA9B3, 0xA9B6...0xA9B9, 0xA9BC...0xA9BD, 0xD7B0...0xD7FF,
            0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xFEFF, 0xE0020...0xE007F, 0xE0100...0xE01EF:
            return 0
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1,
            0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA,
            0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C,
            0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C,
            0x2B50, 0x2B55, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F004, 0x1F0CF, 0x1F18E,
            0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B,
            0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320,
            0x1F32D...0x1F335,
            0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3,
            0x1F3E0...0x1F3F0, 0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440, 0x1F442...0x1F4FC,
            0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A, 0x1F595...0x1F596,
            0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC, 0x1F6D0...0x1F6D2,
            0x1F6D5...0x1F6D8, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
            0x1F7E0...0x1F7EB, 0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
            0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    // MARK: Controls

    private mutating func carriageReturn() {
        column = 0
        wrapPending = false
    }

    private mutating func lineFeed() {
        if row == scrollBottom {
            scrollUp(1)
        } else if row < rows - 1 {
            row += 1
        }
        wrapPending = false
    }

    private mutating func backspace() {
        if wrapPending {
            wrapPending = false
        } else {
            column = max(column - 1, 0)
        }
    }

    private mutating func tab() {
        column = min((column / 8 + 1) * 8, columns - 1)
        wrapPending = false
    }

    private mutating func moveCursor(toRow newRow: Int, column newColumn: Int) {
        row = min(max(newRow, 0), rows - 1)
        column = min(max(newColumn, 0), columns - 1)
        wrapPending = false
    }

    /// CUU stops at the top margin when it starts below it.
    private func cursorUpLimit(_ count: Int) -> Int {
        row >= scrollTop ? max(row - count, scrollTop) : max(row - count, 0)
    }

    /// CUD stops at the bottom margin when it starts above it.
    private func cursorDownLimit(_ count: Int) -> Int {
        row <= scrollBottom ? min(row + count, scrollBottom) : min(row + count, rows - 1)
    }

    private mutating func restoreCursor(_ saved: SavedCursor?) {
        let saved = saved ?? SavedCursor(row: 0, column: 0, wrapPending: false)
        moveCursor(toRow: saved.row, column: saved.column)
        wrapPending = saved.wrapPending && column == columns - 1
        reversed = saved.reversed
    }

    private mutating func setScrollRegion(top: Int, bottom: Int) {
        let bottom = min(bottom, rows - 1)
        guard top >= 0, top < bottom else { return }
        scrollTop = top
        scrollBottom = bottom
        moveCursor(toRow: 0, column: 0)
    }

    private mutating func switchScreen(toAlternate alternate: Bool) {
        guard alternate != isAlternateScreen else { return }
        if alternate {
            savedCursorForAlternateScreen = SavedCursor(
                row: row, column: column, wrapPending: wrapPending, reversed: reversed)
            mainGrid = grid
            grid = Self.blankGrid(rows: rows, columns: columns)
        } else {
            grid = mainGrid
            mainGrid = []
            restoreCursor(savedCursorForAlternateScreen)
        }
        isAlternateScreen = alternate
        for row in 0..<rows { touch(row: row, columns: 0..<columns) }
    }

    /// Notes that `columns` of `row` were written or erased.
    private mutating func touch(row: Int, columns range: Range<Int>) {
        touchedRows.insert(row)
        guard let span = touchedSpans[row] else {
            touchedSpans[row] = range
            return
        }
        touchedSpans[row] =
            min(span.lowerBound, range.lowerBound)..<max(span.upperBound, range.upperBound)
    }

    // MARK: Erasing

    private mutating func erase(row: Int, columns range: Range<Int>) {
        guard !range.isEmpty else { return }
        clearHalves(row: row, columns: range)
        for index in range { grid[row][index] = .blank }
        touch(row: row, columns: range)
    }

    private mutating func eraseInLine(_ mode: Int) -> Bool {
        switch mode {
        case 0: erase(row: row, columns: column..<columns)
        case 1: erase(row: row, columns: 0..<(column + 1))
        case 2: erase(row: row, columns: 0..<columns)
        default: return false
        }
        wrapPending = false
        return true
    }

    private mutating func eraseInDisplay(_ mode: Int) -> Bool {
        switch mode {
        case 0:
            erase(row: row, columns: column..<columns)
            for below in (row + 1)..<rows { erase(row: below, columns: 0..<columns) }
        case 1:
            for above in 0..<row { erase(row: above, columns: 0..<columns) }
            erase(row: row, columns: 0..<(column + 1))
        case 2:
            for any in 0..<rows { erase(row: any, columns: 0..<columns) }
        case 3:
            break  // the scrollback, which the model does not keep
        default:
            return false
        }
        wrapPending = false
        return true
    }

    // MARK: Moving lines

    /// Scrolls the scroll region up: its top rows leave, blank rows enter at its bottom.
    private mutating func scrollUp(_ count: Int) {
        shift(rows: scrollTop...scrollBottom, by: -min(count, scrollBottom - scrollTop + 1))
    }

    /// Scrolls the scroll region down: blank rows enter at its top.
    private mutating func scrollDown(_ count: Int) {
        shift(rows: scrollTop...scrollBottom, by: min(count, scrollBottom - scrollTop + 1))
    }

    /// IL: blank rows at the cursor's row, the rest of the region moving down; nothing outside
    /// the scroll region.
    private mutating func insertLines(_ count: Int) {
        guard scrollRegion.contains(row) else { return }
        shift(rows: row...scrollBottom, by: min(count, scrollBottom - row + 1))
        column = 0
        wrapPending = false
    }

    /// DL: the cursor's row and those after it leave, the rest of the region moving up.
    private mutating func deleteLines(_ count: Int) {
        guard scrollRegion.contains(row) else { return }
        shift(rows: row...scrollBottom, by: -min(count, scrollBottom - row + 1))
        column = 0
        wrapPending = false
    }

    /// Moves the rows in `range` by `offset` (down when positive); rows pushed out of the range
    /// are lost and the rows left behind are blank.
    private mutating func shift(rows range: ClosedRange<Int>, by offset: Int) {
        guard offset != 0 else { return }
        let old = grid
        for target in range {
            let source = target - offset
            if range.contains(source) {
                grid[target] = old[source]
                shiftedRows.insert(target)
            } else {
                grid[target] = Array(repeating: .blank, count: columns)
                touch(row: target, columns: 0..<columns)
            }
        }
    }
}
