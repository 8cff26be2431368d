// Role in the data flow: reading a whole file the user names (a catalog, a state file) without
// trusting its size. The bound is enforced on the bytes actually read, so a file in /proc that
// reports 0 bytes, or one that grows while it is read, cannot make memory grow past it.

import SystemBoundary

/// Reads everything an open descriptor holds, up to a limit.
enum BoundedRead {
    /// Everything `descriptor` has left to read, or `nil` when that is more than `limit` bytes.
    ///
    /// `expectedSize` (what `fstat` reported) only sizes the first buffer; one byte of room past
    /// the limit tells "exactly at the limit" from "over it", and reading stops there.
    static func all(of descriptor: Int32, limit: Int, expectedSize: Int)
        throws(SystemCallError) -> [UInt8]?
    {
        var bytes = [UInt8](repeating: 0, count: min(max(expectedSize, 4096), limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count <= limit else { return nil }
                bytes.append(
                    contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - count)))
            }
            let received = try bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemCallError) in
                    try SystemCall.read(
                        descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
                }
            }.get()
            if received == 0 { break }
            count += received
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}
