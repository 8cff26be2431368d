// Role in the data flow: how a file is named, from the command line to every system call. On Linux
// a name is any byte string without NUL, and not always UTF-8: the argument's bytes travel here
// unchanged through the options into `open`, `stat`, `rename`, `readlink` and `unlink`, and are
// decoded only to be shown, escaped.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's name (a path) as the bytes the system sees, never decoded and re-encoded.
///
/// Decoding a name as UTF-8 repairs what is not (`\xFF` becomes U+FFFD) and so names another
/// file: an existing file is "not found", or a second one is created beside it. A name typed as
/// text (at the prompt, in `-c`) is valid UTF-8, and its bytes are its UTF-8.
package struct FileName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name's bytes, exactly as the user gave them.
    package let bytes: [UInt8]

    /// The name made of exactly `bytes`.
    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The name whose bytes are `text`'s UTF-8.
    package init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// A name written in the source (tests, `/dev/null`).
    package init(stringLiteral text: String) {
        self.init(text)
    }

    /// Whether the name starts at the root.
    package var isAbsolute: Bool { bytes.first == UInt8(ascii: "/") }

    /// The directory part (`.` for a bare name, `/` at the root).
    package var directory: FileName {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == 0 ? "/" : FileName(bytes: Array(bytes[..<slash]))
    }

    /// The last component's bytes.
    package var lastComponent: [UInt8] {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes }
        return Array(bytes[(slash + 1)...])
    }

    /// `component` inside this directory.
    package func appending(_ component: [UInt8]) -> FileName {
        FileName(bytes: bytes + [UInt8(ascii: "/")] + component)
    }

    /// Calls `body` with the name as a NUL-terminated C string, for a system call.
    ///
    /// A name with a NUL inside cannot reach the system intact: it is passed as an empty string,
    /// which every call refuses (`ENOENT`), rather than cut at the NUL into another name.
    package func withCString<Result, Failure: Error>(
        _ body: (UnsafePointer<CChar>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let terminated = bytes.contains(0) ? [CChar(0)] : bytes.map { CChar(bitPattern: $0) } + [0]
        return try terminated.withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in
            // A non-empty array always has storage.
            guard let base = buffer.baseAddress else { return try body("") }
            return try body(base)
        }
    }

    /// The name safe and visible on a terminal: its text escaped as `TerminalText` escapes it,
    /// and each byte that is not UTF-8 written `\x{FF}`, so the user sees which file it is.
    package var description: String {
        pieces(escaping: true).joined()
    }

    /// `description`, cut after `limit` characters or escapes with `…`, for a one-line message.
    package func excerpt(limit: Int = 40) -> String {
        let pieces = pieces(escaping: true)
        guard pieces.count > limit else { return pieces.joined() }
        return pieces.prefix(limit).joined() + "…"
    }

    /// The name as text for a message whose whole text is escaped later: the name itself when it
    /// is UTF-8, else with each byte that is not written `\x{FF}`.
    package var label: String {
        pieces(escaping: false).joined()
    }

    /// The name's pieces: one for each Unicode scalar (escaped when `escaping`), one `\x{FF}`
    /// for each byte that is not part of valid UTF-8.
    private func pieces(escaping: Bool) -> [String] {
        var pieces: [String] = []
        var start = 0
        while start < bytes.count {
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes[start...].makeIterator()
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let text = String(Character(Unicode.UTF8.decode(encoded)))
                pieces.append(escaping ? TerminalText.escaped(text) : text)
                start += encoded.count
            case .error(let length):
                for byte in bytes[start..<(start + length)] { pieces.append(Self.byteEscape(byte)) }
                start += length
            case .emptyInput:
                return pieces
            }
        }
        return pieces
    }

    /// `\x{FF}` for the byte 0xFF.
    private static func byteEscape(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "\\x{" + (hex.count == 1 ? "0" + hex : hex) + "}"
    }
}
