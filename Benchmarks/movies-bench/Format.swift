// Role in the benchmark: how numbers read. The table is meant for people, so counts get thousands
// separators, times a sensible unit, and sizes binary multiples; the JSON keeps the raw numbers.
// The page quotes the table's figures through the same functions, so a figure reads alike in both.

import Foundation

/// Number formatting for the report table, and for the page that quotes it (`PerformancePage`).
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

    /// Nanoseconds in ns, µs, ms, s or min, with three or four significant digits.
    static func duration(_ nanoseconds: Double) -> String {
        switch abs(nanoseconds) {
        case ..<1_000: return fixed(nanoseconds, 1) + " ns"
        case ..<100_000: return fixed(nanoseconds / 1e3, 2) + " µs"
        case ..<1_000_000: return fixed(nanoseconds / 1e3, 1) + " µs"
        case ..<100_000_000: return fixed(nanoseconds / 1e6, 2) + " ms"
        case ..<1_000_000_000: return fixed(nanoseconds / 1e6, 1) + " ms"
        case ..<100_000_000_000: return fixed(nanoseconds / 1e9, 2) + " s"
        default: return fixed(nanoseconds / 6e10, 1) + " min"
        }
    }

    /// Bytes as B, KiB, MiB or GiB, whichever keeps the number short.
    static func bytes(_ count: Int) -> String {
        switch abs(count) {
        case ..<1_024: return "\(count) B"
        case ..<1_048_576: return fixed(Double(count) / 1_024, 1) + " KiB"
        case ..<1_073_741_824: return fixed(Double(count) / 1_048_576, 2) + " MiB"
        default: return fixed(Double(count) / 1_073_741_824, 2) + " GiB"
        }
    }

    /// A ratio of two figures of the same run, such as store/raw: "1.05".
    static func ratio(_ value: Double) -> String {
        fixed(value, 2)
    }

    /// A ratio that may be far below 1, one side a thousand times faster than the other: with two
    /// significant digits below 0.1 ("0.0011"), as `ratio` writes it from there on.
    static func smallRatio(_ value: Double) -> String {
        guard value > 0, value < 0.1 else { return ratio(value) }
        return fixed(value, Int((-log10(value)).rounded(.down)) + 2)
    }

    /// A large ratio, such as the control over the bare edit or a peak over the list: "33.3", or
    /// from 1,000 on a whole number with thousands separators: "5,012".
    static func factor(_ value: Double) -> String {
        abs(value) < 1_000 ? fixed(value, 1) : grouped(Int(value.rounded()))
    }

    /// A mean number of bytes, such as the bytes per change: "29.0 B".
    static func meanBytes(_ value: Double) -> String {
        fixed(value, 1) + " B"
    }

    /// How a figure grows from the smallest list to the largest: "×1.10".
    static func growth(_ value: Double) -> String {
        "×" + fixed(value, 2)
    }

    /// A mean count, such as the rows drawn per edit: "0.25".
    static func meanCount(_ value: Double) -> String {
        fixed(value, 2)
    }

    /// A count of calls over `edits` edits with its rate: "45 (0.0045 per edit)".
    static func perEdit(_ count: Int, of edits: Int) -> String {
        grouped(count) + " (" + fixed(Double(count) / Double(max(edits, 1)), 4) + " per edit)"
    }

    /// A target's bound: whole numbers without decimals ("3", "10"), others with one ("1.2").
    static func bound(_ value: Double) -> String {
        value == value.rounded() ? fixed(value, 0) : fixed(value, 1)
    }

    /// An upper bound, such as "≤ 1.2".
    static func atMost(_ value: Double) -> String {
        "≤ " + bound(value)
    }

    /// A lower bound, such as "≥ 10".
    static func atLeast(_ value: Double) -> String {
        "≥ " + bound(value)
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
