// Role in the data flow: the bytes of a file, in and out. A catalog, a state file and a trace are
// read through here a buffer at a time (a followed state file from a given offset); a journal
// line, a snapshot and a trace line are written whole through `writeAll`'s loop.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemCall {
    /// `read(2)`: reads into `buffer` from `descriptor`; how many bytes came, 0 at the end.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
        throws(SystemCallError) -> Int
    {
        try checked("read") { readFile(descriptor, buffer.baseAddress, buffer.count) }
    }

    /// `pread(2)`: reads into `buffer` from `descriptor` at `offset`, leaving the descriptor's
    /// own offset where it was; how many bytes came, 0 at the end.
    ///
    /// For a reader that must read from a known place every time (a followed state file, read
    /// again from the end of its last complete line).
    package static func read(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int
    ) throws(SystemCallError) -> Int {
        try checked("pread") { pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// `read(2)` from a descriptor that may be non-blocking (standard input shared with a shell
    /// that made it so): while it has nothing (`EAGAIN`), `poll` waits until it has.
    package static func readWhenReady(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer
    ) throws(SystemCallError) -> Int {
        let count = retrying(waitingOn: descriptor, for: Int32(POLLIN)) {
            readFile(descriptor, buffer.baseAddress, buffer.count)
        }
        guard count >= 0 else { throw SystemCallError(call: "read", code: errno) }
        return count
    }

    /// `write(2)` until all of `bytes` is written to `descriptor` (see `writeAll(_:to:)`).
    package static func writeFully(_ bytes: [UInt8], to descriptor: Int32)
        throws(SystemCallError)
    {
        if let code = writeAll(bytes, to: descriptor) {
            throw SystemCallError(call: "write", code: code)
        }
    }
}

/// `read(2)`, under a name no method shadows.
private func readFile(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int
{
    read(descriptor, buffer, count)
}
