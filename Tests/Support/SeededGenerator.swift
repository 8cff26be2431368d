// Role: outside the app's data flow. The tests and the benchmark draw every random choice (catalogs,
// titles, edit positions, whole input streams) from this generator, so a seed replays exactly the
// same work: a failing random test can be rerun, and two benchmark runs measure the same thing.

/// A deterministic random number generator (SplitMix64).
///
/// `SystemRandomNumberGenerator` cannot be seeded, and a workload that changes from run to run
/// measures a different thing each time. SplitMix64 is tiny, fast and good enough for picking
/// positions; nothing here needs cryptographic quality.
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
