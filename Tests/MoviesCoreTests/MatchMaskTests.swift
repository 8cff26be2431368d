// The filtered list's speed helper: one bit a row, counted 64 at a time. Checked against a plain
// `[Bool]` for seeded inserts, removals and changed rows that cross word boundaries, at every
// index.

import MoviesTestSupport
import Testing

@testable import MoviesCore

@Suite("MatchMask")
struct MatchMaskTests {
    @Test func countsTheMatchesBeforeEachIndexAndFindsEachMatch() {
        // Two words and a bit: the counts must carry across word boundaries.
        let bits = (0..<129).map { $0 % 3 == 0 || $0 == 64 || $0 == 127 }
        let mask = MatchMask(bits)
        #expect(mask.count == 129)
        let matches = bits.indices.filter { bits[$0] }
        for index in 0...bits.count {
            #expect(mask.matches(before: index) == bits[..<index].count(where: \.self))
        }
        for (rank, index) in matches.enumerated() {
            #expect(mask.index(ofMatch: rank) == index)
            #expect(mask[index])
        }
        #expect(mask.indexes(ofMatchesFrom: 0, limit: matches.count) == matches)
        #expect(mask.indexes(ofMatchesFrom: 20, limit: 4) == Array(matches[20..<24]))
        #expect(mask.indexes(ofMatchesFrom: matches.count - 2, limit: 5) == [126, 127])
        #expect(mask.indexes(ofMatchesFrom: matches.count, limit: 0) == [])
    }

    /// Inserts, removals and changed rows (a rename) at seeded indexes, growing past two words and
    /// shrinking back, against a `[Bool]` doing the same.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func insertsAndRemovesLikeAnArrayOfBools(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var mask = MatchMask([])
        var model: [Bool] = []
        for step in 0..<600 {
            // Grow for the first half, then shrink: every word boundary is crossed both ways.
            let roll = Int.random(in: 0..<4, using: &random)
            let grows = model.isEmpty || (step < 300 ? roll > 0 : roll == 0)
            if !model.isEmpty, Int.random(in: 0..<3, using: &random) == 0 {
                let index = Int.random(in: 0..<model.count, using: &random)
                let bit = Bool.random(using: &random)
                mask[index] = bit
                model[index] = bit
            } else if grows {
                let index = Int.random(in: 0...model.count, using: &random)
                let bit = Bool.random(using: &random)
                mask.insert(bit, at: index)
                model.insert(bit, at: index)
            } else {
                let index = Int.random(in: 0..<model.count, using: &random)
                #expect(mask.remove(at: index) == model.remove(at: index))
            }
            // Equal words: the same bits, no bit set past the end, no word to spare.
            #expect(mask == MatchMask(model), "seed \(seed), step \(step)")
        }
    }
}
