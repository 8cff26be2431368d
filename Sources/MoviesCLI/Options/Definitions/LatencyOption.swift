// Role in the data flow: before anything runs. `--latency SECONDS` sets how long the fake API
// waits before it answers: a number typed by a person or a script, so it is read strictly.

import SystemBoundary

/// `--latency SECONDS`: how long the fake API takes to answer.
enum LatencyOption: Option {
    /// The seconds when the option is not given: long enough to see the loading line.
    static let defaultSeconds: Double = 1
    /// From 0 (instant answers, for scripts and tests) up to an hour.
    static let range: ClosedRange<Double> = 0...3600

    static let reference = OptionReference(
        name: "--latency", argument: .required("SECONDS"),
        summary: "how long the fake API takes to answer (default \(Int(defaultSeconds)); 0 too)")

    static func apply(_ value: OptionValue, to parsed: inout ParsedArguments) throws(Options.Error)
    {
        let text = try value.text()
        guard isDecimal(text), let seconds = Double(text), range.contains(seconds) else {
            throw Options.Error(
                description: "\(value.name): \"\(TerminalText.excerpt(text))\" is not a number of "
                    + "seconds from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
        }
        parsed.options.latency = seconds
    }

    /// Whether `text` is a plain decimal number: ASCII digits, with at most one decimal point
    /// (`2`, `0.5`, `.5`, `5.`).
    ///
    /// `Double` accepts much more: `0x10` (sixteen), `1e3`, `inf`, `nan`, `+1`, and surrounding
    /// whitespace in some versions. A number of seconds is typed by a person or a script;
    /// anything but plain digits is more likely a mistake than a wish for hexadecimal.
    private static func isDecimal(_ text: String) -> Bool {
        var digits = 0
        var points = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): points += 1
            default: return false
            }
        }
        return digits > 0 && points <= 1
    }
}
