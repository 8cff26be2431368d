// Whole numbers however JSON writes them: plain, with a zero fraction, with an exponent; the exact
// boundaries of `Int`; fractions found however far the exponent moves them.

import Testing

@testable import MoviesFormats

@Suite("JSONNumber")
struct JSONNumberTests {
    /// The whole value of a number written as `integer[.fraction][e exponent]`, with `-` in front
    /// when `negative`.
    private func value(
        _ integer: String, _ fraction: String = "", exponent: Int = 0, negative: Bool = false
    ) -> JSONNumber.WholeValue {
        Array(integer.utf8).withUnsafeBufferPointer { integerDigits in
            Array(fraction.utf8).withUnsafeBufferPointer { fractionDigits in
                JSONNumber(
                    negative: negative, integerDigits: integerDigits,
                    fractionDigits: fractionDigits, exponent: exponent
                ).wholeValue()
            }
        }
    }

    @Test func plainIntegers() {
        #expect(value("0") == .whole(0))
        #expect(value("1999") == .whole(1999))
        #expect(value("5", negative: true) == .whole(-5))
        #expect(value("999999999999999999") == .whole(999_999_999_999_999_999))
    }

    @Test func theEdgesOfInt() {
        #expect(value("9223372036854775806") == .whole(Int.max - 1))
        #expect(value("9223372036854775807") == .whole(Int.max))
        #expect(value("9223372036854775808") == .tooLarge)
        #expect(value("9223372036854775807", negative: true) == .whole(-Int.max))
        #expect(value("99999999999999999999") == .tooLarge)
        #expect(value("922337203685477580", "7", exponent: 1) == .whole(Int.max))
        #expect(value("922337203685477580", "8", exponent: 1) == .tooLarge)
        #expect(value("1", exponent: 18) == .whole(1_000_000_000_000_000_000))
        #expect(value("1", exponent: 19) == .tooLarge)
        #expect(value("1", exponent: 1_000_000) == .tooLarge)
    }

    @Test func wholeValuesWrittenWithAFractionOrExponent() {
        #expect(value("1999", "0") == .whole(1999))
        #expect(value("1999", "000000000000000000000000") == .whole(1999))
        #expect(value("1", "999", exponent: 3) == .whole(1999))
        #expect(value("19990", exponent: -1) == .whole(1999))
        #expect(value("0", "0", exponent: 1_000_000) == .whole(0))
        #expect(value("0", exponent: -1_000_000) == .whole(0))
        #expect(value("0", negative: true) == .whole(0))
    }

    @Test func fractions() {
        #expect(value("1", "5") == .fraction)
        #expect(value("15", exponent: -1) == .fraction)
        #expect(value("1", exponent: -1_000_000) == .fraction)
        #expect(value("1999", "0000000000000000000001") == .fraction)
        #expect(value("1", "25", exponent: 1) == .fraction)
        #expect(value("1", "25", exponent: 2) == .whole(125))
    }
}
