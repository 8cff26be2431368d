// Role in the data flow: the very start, at a terminal. The input thread reads whatever bytes the
// terminal has sent (a key, a burst of typing, a paste, an escape sequence cut in two by the read)
// and hands each chunk to a `KeyDecoder`, which turns it into `Key`s for the line editor:
//
//   terminal bytes ─► KeyDecoder ─► [Key] ─► LineEditor ─► edits, submitted lines

/// Turns the bytes a terminal sends in raw mode into keys.
///
/// It keeps what it needs between chunks, so a read may end anywhere: inside a UTF-8 character,
/// inside an escape sequence, between the CR and LF of one Enter. All of that state is bounded.
///
/// What never becomes text: control bytes other than the keys `Key` names, escape sequences it
/// does not know (function keys, mouse reports, Alt-letter), malformed sequences, and sequences
/// longer than `maximumSequenceLength` bytes; they are dropped whole. Invalid UTF-8 becomes
/// U+FFFD (`�`): a stray byte, or a character cut short where it stopped being valid, is one
/// replacement each, so the user sees that something arrived that the app could not read. C1
/// control characters encoded in UTF-8 are dropped.
///
/// A bracketed paste (`ESC [ 200 ~` … `ESC [ 201 ~`) arrives as text only: each line break in it
/// (CR, LF or CR LF) becomes `.enter`, so a pasted block runs line by line in order, a tab stays
/// text, and every other key inside it (a pasted Ctrl-C or arrow sequence) is dropped, so pasted
/// text can never edit or interrupt. A paste whose end marker never comes (a terminal that sent
/// only half of it) must not lock the keyboard: when no byte has arrived for a while, the caller
/// calls `endStalledPaste()`, and the next key pressed is a key again.
package struct KeyDecoder: Sendable {
    /// The longest escape sequence kept, counting its `ESC` and its final byte; a longer one is
    /// dropped whole.
    private static let maximumSequenceLength = 32

    private enum State: Equatable, Sendable {
        /// Between keys.
        case ground
        /// After an `ESC`.
        case escape
        /// Inside `ESC [`, collecting parameter bytes in `sequence`.
        case controlSequence
        /// After `ESC O` (SS3, the application-mode form of the arrows, Home and End).
        case singleShift
        /// Inside a sequence that grew too long: skipping to its final byte.
        case discarding
    }

    private var state = State.ground
    private var sequence: [UInt8] = []
    private var isPasting = false
    private var afterCarriageReturn = false
    private var partialCharacter = PartialUTF8()

    package init() {}

    /// Whether the last chunk ended inside an escape sequence (most often a lone `ESC`).
    ///
    /// The Escape key sends a lone `ESC`, and so does the start of every arrow key when a read
    /// happens to split it. Only time tells them apart: when no more bytes arrive within a short
    /// pause, the caller calls `flushPendingEscape()`.
    package var hasPendingEscape: Bool { state != .ground }

    /// Whether a bracketed paste has started and its end marker (`ESC [ 201 ~`) has not come yet.
    ///
    /// While it is open every key but Enter is dropped, so a caller that sees it still open after
    /// a pause calls `endStalledPaste()`: a user must always have Ctrl-C, Ctrl-U and Ctrl-D.
    package var isInsidePaste: Bool { isPasting }

    /// Ends a paste whose end marker has not come; the keys after it are keys again.
    ///
    /// Nothing typed is lost: what the paste brought is text on the input line already. An end
    /// marker that arrives later is a sequence the decoder knows, and does nothing.
    package mutating func endStalledPaste() {
        isPasting = false
    }

    /// Ends what the last chunk left unfinished, once a pause says no more is coming.
    ///
    /// A lone `ESC` was the Escape key, which this returns; the start of a longer sequence is
    /// dropped (`nil`). The next byte starts afresh. Inside a paste the Escape key is dropped
    /// too, as every key but Enter is there.
    @discardableResult
    package mutating func flushPendingEscape() -> Key? {
        let wasEscapeKey = state == .escape && !isPasting
        state = .ground
        sequence.removeAll(keepingCapacity: true)
        return wasEscapeKey ? .escape : nil
    }

    /// The keys in `bytes`, in order; text read together is one `.text`.
    package mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        var output = KeyBuffer()
        for byte in bytes {
            consume(byte, into: &output)
        }
        return output.finish()
    }

    private mutating func consume(_ byte: UInt8, into output: inout KeyBuffer) {
        if partialCharacter.isStarted && !PartialUTF8.isContinuation(byte) {
            // A character cut short by an ASCII byte or a new lead byte.
            partialCharacter = PartialUTF8()
            output.append(text: "\u{FFFD}")
        }
        let isLineFeedAfterReturn = byte == 0x0A && afterCarriageReturn && state == .ground
        afterCarriageReturn = false
        if isLineFeedAfterReturn { return }
        switch state {
        case .ground:
            ground(byte, into: &output)
        case .escape:
            escape(byte, into: &output)
        case .controlSequence:
            controlSequence(byte, into: &output)
        case .singleShift:
            state = .ground
            switch byte {
            case 0x40...0x7E: singleShift(final: byte, into: &output)
            default: consume(byte, into: &output)
            }
        case .discarding:
            switch byte {
            case 0x20...0x3F: break
            case 0x40...0x7E: state = .ground
            default:
                state = .ground
                consume(byte, into: &output)
            }
        }
    }

    private mutating func ground(_ byte: UInt8, into output: inout KeyBuffer) {
        switch byte {
        case 0x20...0x7E:
            output.append(text: String(UnicodeScalar(byte)))
        case 0x0D:
            afterCarriageReturn = true
            output.append(.enter)
        case 0x0A:
            output.append(.enter)
        case 0x09:
            if isPasting {
                output.append(text: "\t")
            } else {
                output.append(.tab)
            }
        case 0x7F, 0x08:
            emit(.backspace, into: &output)
        case 0x1B:
            state = .escape
        case 0x80...0xFF:
            utf8(byte, into: &output)
        default:
            if let control = Key.Control.allCases.first(where: { $0.byte == byte }) {
                emit(.control(control), into: &output)
            }
        }
    }

    private mutating func escape(_ byte: UInt8, into output: inout KeyBuffer) {
        switch byte {
        case UInt8(ascii: "["):
            state = .controlSequence
            sequence.removeAll(keepingCapacity: true)
        case UInt8(ascii: "O"):
            state = .singleShift
        case 0x1B:
            // An ESC right before another: Alt with an escape sequence (Alt-Up), or an Escape
            // key that a quicker key followed. Dropped either way; the second may start a sequence.
            break
        case 0x20...0x7E:
            // Alt with a printable key: not a key the app uses, and never text.
            state = .ground
        default:
            state = .ground
            consume(byte, into: &output)
        }
    }

    private mutating func controlSequence(_ byte: UInt8, into output: inout KeyBuffer) {
        switch byte {
        case 0x20...0x3F:
            // `ESC [`, the parameters with this one, and the final byte still to come.
            if sequence.count + 4 > Self.maximumSequenceLength {
                state = .discarding
            } else {
                sequence.append(byte)
            }
        case 0x40...0x7E:
            state = .ground
            controlSequence(parameters: sequence, final: byte, into: &output)
        default:
            // A control byte or non-ASCII inside a sequence: malformed. The byte is read anew.
            state = .ground
            consume(byte, into: &output)
        }
    }

    /// The key an `ESC [ parameters final` sequence stands for, if it is one the app knows.
    private mutating func controlSequence(
        parameters: [UInt8], final: UInt8, into output: inout KeyBuffer
    ) {
        guard let numbers = Self.numbers(in: parameters) else { return }
        switch final {
        case UInt8(ascii: "A"), UInt8(ascii: "B"), UInt8(ascii: "C"), UInt8(ascii: "D"),
            UInt8(ascii: "H"), UInt8(ascii: "F"):
            // Plain (`ESC [ A`) or with modifiers (`ESC [ 1 ; 5 A` is Ctrl-Up): the same key.
            guard numbers.isEmpty || (numbers.first == 1 && numbers.count <= 2) else { return }
            if let key = Self.letterKey(final) { emit(key, into: &output) }
        case UInt8(ascii: "~"):
            guard let first = numbers.first, numbers.count <= 2 else { return }
            switch first {
            case 1, 7: emit(.home, into: &output)
            case 4, 8: emit(.end, into: &output)
            case 3: emit(.delete, into: &output)
            case 5: emit(.pageUp, into: &output)
            case 6: emit(.pageDown, into: &output)
            case 200: isPasting = true
            case 201: isPasting = false
            default: break
            }
        default:
            break
        }
    }

    private mutating func singleShift(final: UInt8, into output: inout KeyBuffer) {
        if let key = Self.letterKey(final) { emit(key, into: &output) }
    }

    /// The keys sent as a final letter, after `ESC [` or `ESC O`.
    private static func letterKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    /// The numbers in `digits;digits`, or `nil` for anything else (private markers such as `?`,
    /// intermediates, sub-parameters, numbers too long to be real).
    private static func numbers(in parameters: [UInt8]) -> [Int]? {
        guard !parameters.isEmpty else { return [] }
        var numbers: [Int] = []
        for field in parameters.split(
            separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        {
            guard !field.isEmpty, field.count <= 5,
                field.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            else { return nil }
            numbers.append(field.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
        }
        return numbers
    }

    private mutating func utf8(_ byte: UInt8, into output: inout KeyBuffer) {
        switch partialCharacter.add(byte) {
        case .incomplete:
            break
        case .invalid:
            output.append(text: "\u{FFFD}")
        case .scalar(let scalar):
            // C1 controls are control characters in UTF-8 too.
            guard !(0x80...0x9F).contains(scalar.value) else { return }
            output.append(text: String(scalar))
        }
    }

    /// Appends `key`, unless a paste is under way: pasted bytes are only ever text and Enter.
    private func emit(_ key: Key, into output: inout KeyBuffer) {
        guard !isPasting else { return }
        output.append(key)
    }
}

/// Keys decoded from one chunk, with consecutive text joined into one `.text`.
private struct KeyBuffer {
    private var keys: [Key] = []
    private var text = ""

    mutating func append(text more: String) {
        text += more
    }

    mutating func append(_ key: Key) {
        flushText()
        keys.append(key)
    }

    mutating func finish() -> [Key] {
        flushText()
        return keys
    }

    private mutating func flushText() {
        guard !text.isEmpty else { return }
        keys.append(.text(text))
        text = ""
    }
}

/// A UTF-8 character being read a byte at a time.
///
/// Only well-formed UTF-8 decodes: the second byte's range excludes overlong forms, UTF-16
/// surrogates and values past U+10FFFF, as the Unicode standard's table of well-formed byte
/// sequences says.
private struct PartialUTF8: Sendable {
    enum Outcome {
        case incomplete
        case invalid
        case scalar(Unicode.Scalar)
    }

    private var value: UInt32 = 0
    private var remaining = 0
    private var secondByteRange: ClosedRange<UInt8> = 0x80...0xBF
    private var isSecondByte = false

    var isStarted: Bool { remaining > 0 }

    static func isContinuation(_ byte: UInt8) -> Bool { (0x80...0xBF).contains(byte) }

    mutating func add(_ byte: UInt8) -> Outcome {
        guard isStarted else { return start(byte) }
        let range = isSecondByte ? secondByteRange : 0x80...0xBF
        guard range.contains(byte) else {
            self = PartialUTF8()
            return .invalid
        }
        isSecondByte = false
        value = value << 6 | UInt32(byte & 0x3F)
        remaining -= 1
        guard remaining == 0 else { return .incomplete }
        defer { self = PartialUTF8() }
        return Unicode.Scalar(value).map(Outcome.scalar) ?? .invalid
    }

    private mutating func start(_ byte: UInt8) -> Outcome {
        switch byte {
        case 0xC2...0xDF: begin(byte & 0x1F, remaining: 1, second: 0x80...0xBF)
        case 0xE0: begin(byte & 0x0F, remaining: 2, second: 0xA0...0xBF)
        case 0xED: begin(byte & 0x0F, remaining: 2, second: 0x80...0x9F)
        case 0xE1...0xEF: begin(byte & 0x0F, remaining: 2, second: 0x80...0xBF)
        case 0xF0: begin(byte & 0x07, remaining: 3, second: 0x90...0xBF)
        case 0xF1...0xF3: begin(byte & 0x07, remaining: 3, second: 0x80...0xBF)
        case 0xF4: begin(byte & 0x07, remaining: 3, second: 0x80...0x8F)
        default: return .invalid
        }
        return .incomplete
    }

    private mutating func begin(_ bits: UInt8, remaining: Int, second: ClosedRange<UInt8>) {
        value = UInt32(bits)
        self.remaining = remaining
        secondByteRange = second
        isSecondByte = true
    }
}
