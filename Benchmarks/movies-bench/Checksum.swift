// Role in the benchmark: the proof that two timed loops did the same work. The subscriber of the
// store and the loop over the bare array both fold every edit they make into a checksum; equal
// checksums (and equal final lists) mean the comparison is fair, and using the result keeps the
// optimizer from deleting the baseline loop as dead code.

/// An order-sensitive fold of integers (FNV-1a over whole words).
///
/// One integer per call rather than a variadic list: a variadic call allocates an array, and that
/// allocation would be timed in both loops.
struct Checksum: Equatable, Sendable {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// Folds `number` into the checksum.
    mutating func add(_ number: Int) {
        value = (value ^ UInt64(bitPattern: Int64(number))) &* 0x0000_0100_0000_01B3
    }
}
