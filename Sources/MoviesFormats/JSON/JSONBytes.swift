// Role in the data flow: the line itself. A catalog, a snapshot and a journal line are written into
// these bytes through `JSONOutput`, then to a file, to standard output (`list --json`), or both.

/// JSON written into bytes: the line that goes to a file.
struct JSONBytes: JSONOutput {
    private(set) var bytes: [UInt8] = []

    /// An empty line with room for `capacity` bytes.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes.append(contentsOf: bytes)
    }
}
