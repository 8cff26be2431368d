// Role in the data flow: inside `JSONReader`. An id or a year arrives as JSON number text; this
// decides whether that text is a whole number and whether it fits in an `Int`, without a detour
// through `Double`, which would round large ids and call 1.0000000000000001 whole.

/// A JSON number as written: sign, digits before and after the decimal point, and exponent.
///
/// The digit buffers point into the catalog's bytes and are only valid while the parser runs.
struct JSONNumber {
    var negative: Bool
    /// ASCII digits before the decimal point (at least one).
    var integerDigits: UnsafeBufferPointer<UInt8>
    /// ASCII digits after the decimal point (none without one).
    var fractionDigits: UnsafeBufferPointer<UInt8>
    /// The power of ten after `e`, kept within about ±1,000,000 (beyond that, any value is far
    /// out of range or a fraction, and the arithmetic must not overflow).
    var exponent: Int

    /// What the number is, for a field that must be a whole number.
    enum WholeValue: Equatable {
        case whole(Int)
        /// The value has a non-zero fractional part, such as 1.5 or 15e-1.
        case fraction
        /// A whole number beyond `Int`'s range.
        case tooLarge
    }

    /// The value if it is whole: `1999`, `1999.0`, `1.999e3` are all 1999.
    func wholeValue() -> WholeValue {
        if let plain = plainIntegerValue() { return .whole(plain) }
        // The digits of integer and fraction in a row, with the decimal point after `point` of
        // them once the exponent has moved it.
        let count = integerDigits.count + fractionDigits.count
        func digit(_ position: Int) -> Int {
            let byte =
                position < integerDigits.count
                ? integerDigits[position] : fractionDigits[position - integerDigits.count]
            return Int(byte - UInt8(ascii: "0"))
        }
        let point = integerDigits.count + exponent
        // Whole only if every digit right of the point is zero.
        if point < count {
            for position in max(point, 0)..<count where digit(position) != 0 { return .fraction }
        }
        var value = 0
        for position in 0..<min(max(point, 0), count) {
            guard let next = Self.appending(digit(position), to: value) else { return .tooLarge }
            value = next
        }
        if value != 0, point > count {
            // Zeros the exponent adds after the last digit; at most 19 before any value overflows.
            for _ in count..<point {
                guard let next = Self.appending(0, to: value) else { return .tooLarge }
                value = next
            }
        }
        return .whole(negative ? -value : value)
    }

    /// The value of a plain integer of up to 18 digits (no fraction, no exponent), which cannot
    /// overflow; `nil` for any other number.
    ///
    /// Every id and year in a real catalog takes this path, so it skips the general arithmetic
    /// and its overflow checks.
    private func plainIntegerValue() -> Int? {
        guard fractionDigits.isEmpty, exponent == 0, integerDigits.count <= 18 else { return nil }
        var value = 0
        for byte in integerDigits {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    /// `value * 10 + digit`, or `nil` if that overflows `Int`.
    private static func appending(_ digit: Int, to value: Int) -> Int? {
        let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
        guard !overflow else { return nil }
        let (sum, carry) = shifted.addingReportingOverflow(digit)
        return carry ? nil : sum
    }
}
