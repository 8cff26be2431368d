// Role in the data flow: a helper of the views. Position numbers are drawn on every row; writing
// their digits straight into a byte buffer (instead of building a `String` per number) is one of
// the tricks that keeps a full redraw of 100,000 rows cheap. It lives here so the views read as
// views.

/// Decimal digits for the views, without building strings.
enum DecimalText {
    /// How many decimal digits `number` (0 or more) has; 0 has one.
    static func digitCount(_ number: Int) -> Int {
        var digits = 1
        var rest = number.magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    /// Appends the decimal digits of `number` (with a minus sign if negative) to `bytes`.
    static func append(_ number: Int, to bytes: inout [UInt8]) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        let value = number.magnitude
        // The largest power of ten not above `value`, found without overflowing: digits are
        // then appended from the most significant one, with no buffer to reverse.
        var divisor: UInt = 1
        while divisor <= value / 10 { divisor *= 10 }
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        } while divisor > 0
    }
}
