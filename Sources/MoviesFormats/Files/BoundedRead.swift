// Role in the data flow: reading a whole file the user names (a catalog, a state file) without
// trusting its size. The bound is enforced on the bytes actually read, so a file in /proc that
// reports 0 bytes, or one that grows while it is read, cannot make memory grow past it.

import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads everything an open descriptor holds, up to a limit.
package enum BoundedRead {
    /// What reading a whole file came to.
    package enum Outcome: Equatable {
        /// All of the file: at most the limit's bytes.
        case bytes([UInt8])
        /// The file holds more than the limit; reading stopped one byte past it.
        case tooLarge
        /// A read failed with this `errno`.
        case failed(errno: Int32)
    }

    /// Everything `descriptor` has left to read, if it is at most `limit` bytes.
    ///
    /// `expectedSize` (what `fstat` reported) only sizes the first buffer; one byte of room past
    /// the limit tells "exactly at the limit" from "over it".
    package static func all(of descriptor: Int32, limit: Int, expectedSize: Int) -> Outcome {
        var bytes = [UInt8](repeating: 0, count: min(max(expectedSize, 4096), limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count <= limit else { return .tooLarge }
                bytes.append(
                    contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - count)))
            }
            let received = SystemCall.retrying {
                bytes.withUnsafeMutableBytes { buffer in
                    read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
                }
            }
            guard received >= 0 else { return .failed(errno: errno) }
            if received == 0 { break }
            count += received
        }
        bytes.removeLast(bytes.count - count)
        return .bytes(bytes)
    }
}
