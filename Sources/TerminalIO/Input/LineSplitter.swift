// Role in the data flow: between the bytes read from stdin and the input loop. The splitter cuts
// bytes into lines and turns each into an `InputEvent`; it holds at most one line, bounded, so no
// input can make it grow.
//
//   stdin ─► ChunkReader (bytes) ─► LineSplitter (events) ─► LineReader ─► input loop

import SystemBoundary

/// Cuts a stream of bytes into lines, with a bound on a line's length.
///
/// A pure value: feed it chunks in order (`split`), then `finish` at end of input. Chunks may cut
/// anywhere, in a line ending, a UTF-8 sequence or the byte order mark; the events are the same.
///
/// - A line ends at `\n`; a `\r` right before it is dropped too, so files from Windows work.
/// - A UTF-8 byte order mark at the very start of the input is dropped (editors on Windows write
///   one); anywhere else it stays part of the text.
/// - A line of more than `maximumLineLength` bytes is reported once, when it passes the limit,
///   and its remaining bytes are skipped, not stored: `< /dev/zero` is one line that never ends.
/// - A line that is not valid UTF-8 is reported rather than run with U+FFFD in place of its bad
///   bytes: the command it would run is not the one that was typed.
package struct LineSplitter: Sendable {
    /// The longest line accepted, in bytes, not counting its line ending: 64 KiB.
    ///
    /// Commands are short, a few hundred bytes even with a long argument, so this leaves a wide
    /// margin and still bounds what one line can cost.
    package static let maximumLineLength = 65_536

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The bytes of the line so far.
    private var line: [UInt8] = []
    /// Whether the current line passed the limit and is being skipped up to its end.
    private var skipping = false
    /// Whether no line has ended yet, so a byte order mark may lead the current one.
    private var atStart = true

    package init() {}

    /// The events for every line that `bytes` completes, in order.
    package mutating func split(_ bytes: [UInt8]) -> [InputEvent] {
        var events: [InputEvent] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
            append(bytes[start..<(newline ?? bytes.endIndex)], to: &events)
            guard let newline else { break }
            endLine(into: &events)
            start = newline + 1
        }
        return events
    }

    /// The event for a last line that has no newline, if there is one; call at end of input.
    package mutating func finish() -> [InputEvent] {
        var events: [InputEvent] = []
        if !line.isEmpty { endLine(into: &events) }
        return events
    }

    /// Adds `piece` (no newline in it) to the current line, or reports and skips the line once
    /// it is too long.
    private mutating func append(_ piece: ArraySlice<UInt8>, to events: inout [InputEvent]) {
        guard !skipping else { return }
        // Room for a `\r` before the newline, and for a byte order mark on the first line, both
        // dropped when the line ends.
        let allowance = Self.maximumLineLength + 1 + (atStart ? Self.byteOrderMark.count : 0)
        guard line.count + piece.count <= allowance else {
            events.append(.lineTooLong(limit: Self.maximumLineLength))
            skipping = true
            line.removeAll(keepingCapacity: true)
            return
        }
        line.append(contentsOf: piece)
    }

    /// Ends the current line at a newline (or at end of input) and adds its event.
    private mutating func endLine(into events: inout [InputEvent]) {
        defer {
            line.removeAll(keepingCapacity: true)
            skipping = false
            atStart = false
        }
        guard !skipping else { return }
        var text = line[...]
        if atStart, text.starts(with: Self.byteOrderMark) {
            text = text.dropFirst(Self.byteOrderMark.count)
        }
        if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
        guard text.count <= Self.maximumLineLength else {
            events.append(.lineTooLong(limit: Self.maximumLineLength))
            return
        }
        let result = text.withUnsafeBufferPointer { UTF8Validation.string(from: $0) }
        switch result {
        case .success(let string): events.append(.line(string))
        case .failure(let invalid): events.append(.invalidUTF8(invalid))
        }
    }
}
