// Role in the data flow: before anything runs. `--history N` sets how many edits undo remembers;
// its bound is the one a trace's header may name, so every session can be replayed.

import MoviesCore
import MoviesFormats
import SystemBoundary

/// `--history N`: how many edits undo remembers, a refresh counting as one.
enum HistoryOption: Option {
    /// From 0 (no undo) to the largest limit a trace header may name.
    static let range = 0...Trace.maximumHistoryLimit

    static let reference = OptionReference(
        name: "--history", argument: .required("N"),
        summary:
            "how many edits undo remembers (default \(UndoHistory.defaultLimit); 0: no undo)")

    static func apply(_ value: OptionValue, to parsed: inout ParsedArguments) throws(Options.Error)
    {
        let text = try value.text()
        guard case .value(let limit) = WholeNumber(text), range.contains(limit) else {
            throw Options.Error(
                description: "\(value.name): \"\(TerminalText.excerpt(text))\" is not a whole "
                    + "number of edits from \(range.lowerBound) to \(range.upperBound)")
        }
        parsed.options.historyLimit = limit
    }
}
