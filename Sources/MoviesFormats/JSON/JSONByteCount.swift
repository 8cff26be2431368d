// Role in the data flow: the size of a line without the line. Before an edit is accepted, the app
// checks that the list would still fit the catalog's bound as a file; the same writing code that
// makes the line counts its bytes here, so the count cannot drift from what is written.

/// JSON counted, not written: how many bytes `JSONBytes` would hold.
struct JSONByteCount: JSONOutput {
    private(set) var count = 0

    mutating func append(_ byte: UInt8) {
        count += 1
    }

    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        count += bytes.count
    }
}
