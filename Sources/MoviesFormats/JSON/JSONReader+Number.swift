// Role in the data flow: inside `JSONReader`. An id, a year or a journal's position arrives as
// number text; its grammar is checked here and `JSONNumber` decides whether its value is whole.

extension JSONReader {
    /// Reads a JSON number, checking its grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func readNumber() throws(CatalogError) -> JSONNumber {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard skipDigits() > 0 else { throw syntax("expected a digit") }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
            throw syntax("a number cannot start with 0 followed by more digits", at: integerStart)
        }
        let integerEnd = index
        var fractionEnd = index
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() > 0 else { throw syntax("expected a digit after the decimal point") }
            fractionEnd = index
        }
        var exponent = 0
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            var negative = false
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
                negative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let digitsStart = index
            guard skipDigits() > 0 else { throw syntax("expected a digit in the exponent") }
            // Any exponent beyond a few thousand means "far too large" or "far too small" alike.
            for byte in bytes[digitsStart..<index] where exponent < 100_000 {
                exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
            }
            if negative { exponent = -exponent }
        }
        return JSONNumber(
            negative: bytes[start] == UInt8(ascii: "-"),
            integerDigits: UnsafeBufferPointer(rebasing: bytes[integerStart..<integerEnd]),
            fractionDigits: UnsafeBufferPointer(
                rebasing: bytes[min(integerEnd + 1, fractionEnd)..<fractionEnd]),
            exponent: exponent
        )
    }

    /// Skips ASCII digits; returns how many.
    private mutating func skipDigits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            index += 1
        }
        return index - start
    }

    /// Reads a number that must be whole by value (`1999.0` is, `1.5` is not); `key` names it in
    /// messages, and `tooLarge` says what is wrong with a whole number beyond `Int`'s range,
    /// given the number as written.
    mutating func readWholeNumber(
        key: @autoclosure () -> String, tooLarge: (_ text: String) -> CatalogError.Problem
    ) throws(CatalogError) -> Int {
        switch peek() {
        case UInt8(ascii: "-"), .some(UInt8(ascii: "0")...UInt8(ascii: "9")):
            break
        default:
            try rejectValue(of: key(), expected: "a whole number")
        }
        let start = index
        let number = try readNumber()
        // The number as written, for a message; only built when there is one to write.
        func text() -> String {
            Self.excerpt(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        switch number.wholeValue() {
        case .whole(let value):
            return value
        case .fraction:
            throw failure(.notWholeNumber(text(), key: key(), item: item))
        case .tooLarge:
            throw failure(tooLarge(text()))
        }
    }
}
