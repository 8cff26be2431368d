// Role in the data flow: inside a `FilteredList`, for speed only. For every Change of the whole
// list the filtered list must know how many matching rows come before the Change's index: that
// count is the row the Change touches in the filtered list. Asking the predicate again for every
// row before it would cost as much as filtering the list afresh; this answers from one bit a row.

/// One bit for each row of the whole list, set when the row matches, 64 rows to a word.
///
/// How many rows before an index match is then a population count per 64 rows (about 1,600
/// words at 100,000 movies), and which row of the whole list the k-th match is, the same count
/// run until it reaches k. An insert or a delete shifts the bits after it by one: one bit a row,
/// where the list's own edit shifts its rows by 32 bytes each, so the mask costs a small part of
/// what the edit it follows costs. (A Fenwick tree would count in O(log N), but its sums are kept
/// by index, and an insert moves every index after it: it would have to be rebuilt each time.)
struct MatchMask: Equatable {
    /// The bits, lowest bit of the first word first; bits at `count` and past it are zero.
    private var words: [UInt64] = []
    /// How many rows the mask covers: the length of the whole list.
    private(set) var count = 0

    /// How many of the rows before `index` match (`index` may be `count`).
    func matches(before index: Int) -> Int {
        let word = index &>> 6
        var total = 0
        words.withUnsafeBufferPointer { words in
            for full in 0..<word {
                total += words[full].nonzeroBitCount
            }
            if word < words.count {
                total += (words[word] & Self.below(index & 63)).nonzeroBitCount
            }
        }
        return total
    }

    /// A mask with one bit for each of `bits`, in order.
    init(_ bits: some Sequence<Bool>) {
        for bit in bits {
            if count & 63 == 0 { words.append(0) }
            if bit { words[count &>> 6] |= 1 &<< UInt64(count & 63) }
            count += 1
        }
    }

    /// Whether the row at `index` matches; setting it changes that one row (a rename).
    subscript(index: Int) -> Bool {
        get {
            words[index &>> 6] &>> UInt64(index & 63) & 1 == 1
        }
        set {
            let bit: UInt64 = 1 &<< UInt64(index & 63)
            if newValue {
                words[index &>> 6] |= bit
            } else {
                words[index &>> 6] &= ~bit
            }
        }
    }

    /// The index of the matching row that has `rank` matching rows before it.
    ///
    /// - Precondition: `rank` is less than the number of matching rows.
    func index(ofMatch rank: Int) -> Int {
        var remaining = rank
        for (offset, word) in words.enumerated() {
            let ones = word.nonzeroBitCount
            guard remaining >= ones else { return offset &<< 6 + Self.bit(remaining, of: word) }
            remaining -= ones
        }
        preconditionFailure("no match has \(rank) matches before it")
    }

    /// The indexes of the matching rows from the one with `rank` matches before it, in order,
    /// `limit` of them at most.
    func indexes(ofMatchesFrom rank: Int, limit: Int) -> [Int] {
        var indexes: [Int] = []
        guard limit > 0 else { return indexes }
        indexes.reserveCapacity(limit)
        let first = index(ofMatch: rank)
        var offset = first &>> 6
        var word = words[offset] & ~Self.below(first & 63)
        while indexes.count < limit {
            if word == 0 {
                offset += 1
                guard offset < words.count else { break }
                word = words[offset]
                continue
            }
            indexes.append(offset &<< 6 + word.trailingZeroBitCount)
            word &= word &- 1
        }
        return indexes
    }

    /// Inserts a row at `index` (`count` appends); the rows from `index` on move up by one.
    mutating func insert(_ matches: Bool, at index: Int) {
        if count & 63 == 0 { words.append(0) }
        let word = index &>> 6
        let bit = UInt64(index & 63)
        words.withUnsafeMutableBufferPointer { words in
            // From the last word down: each takes the top bit of the word below it.
            var next = words.count - 1
            while next > word {
                words[next] = words[next] &<< 1 | words[next - 1] &>> 63
                next -= 1
            }
            let low = words[word] & Self.below(Int(bit))
            let high = words[word] & ~Self.below(Int(bit))
            words[word] = low | high &<< 1 | (matches ? 1 &<< bit : 0)
        }
        count += 1
    }

    /// Removes the row at `index` and returns whether it matched; the rows after it move down.
    @discardableResult
    mutating func remove(at index: Int) -> Bool {
        let word = index &>> 6
        let bit = UInt64(index & 63)
        let matched = self[index]
        words.withUnsafeMutableBufferPointer { words in
            let low = words[word] & Self.below(Int(bit))
            let high = words[word] &>> 1 & ~Self.below(Int(bit))
            words[word] = low | high
            // From this word up: each takes the bottom bit of the word above it as its top bit.
            var next = word
            while next + 1 < words.count {
                words[next] |= words[next + 1] &<< 63
                words[next + 1] &>>= 1
                next += 1
            }
        }
        count -= 1
        if count & 63 == 0 { words.removeLast() }
        return matched
    }

    /// The bits below bit `bit` of a word (none for bit 0).
    private static func below(_ bit: Int) -> UInt64 {
        1 &<< UInt64(bit) &- 1
    }

    /// The position in `word` of the set bit with `rank` set bits below it.
    private static func bit(_ rank: Int, of word: UInt64) -> Int {
        var word = word
        for _ in 0..<rank {
            word &= word &- 1
        }
        return word.trailingZeroBitCount
    }
}
