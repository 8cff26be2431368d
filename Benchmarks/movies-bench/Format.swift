// Role in the benchmark: how numbers read. The table is meant for people, so counts get thousands
// separators, times a sensible unit, and sizes binary multiples; the JSON keeps the raw numbers.

import Foundation

/// Number formatting for the report table.
enum Format {
    /// `1234567` as "1,234,567".
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }

    /// `value` with `places` decimals.
    static func fixed(_ value: Double, _ places: Int) -> String {
        String(format: "%.\(places)f", value)
    }

    /// Nanoseconds in ns, µs, ms or s, with three or four significant digits.
    static func duration(_ nanoseconds: Double) -> String {
        switch abs(nanoseconds) {
        case ..<1_000: return fixed(nanoseconds, 1) + " ns"
        case ..<100_000: return fixed(nanoseconds / 1e3, 2) + " µs"
        case ..<1_000_000: return fixed(nanoseconds / 1e3, 1) + " µs"
        case ..<100_000_000: return fixed(nanoseconds / 1e6, 2) + " ms"
        case ..<1_000_000_000: return fixed(nanoseconds / 1e6, 1) + " ms"
        default: return fixed(nanoseconds / 1e9, 2) + " s"
        }
    }

    /// Bytes as B, KiB or MiB, whichever keeps the number short.
    static func bytes(_ count: Int) -> String {
        switch abs(count) {
        case ..<1_024: return "\(count) B"
        case ..<1_048_576: return fixed(Double(count) / 1_024, 1) + " KiB"
        default: return fixed(Double(count) / 1_048_576, 2) + " MiB"
        }
    }

    /// A share as a percentage, such as "12.5%".
    static func percent(_ share: Double) -> String {
        fixed(share * 100, 1) + "%"
    }

    /// `text` right-aligned in `width` columns (counted in characters).
    static func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// `text` left-aligned in `width` columns.
    static func left(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
