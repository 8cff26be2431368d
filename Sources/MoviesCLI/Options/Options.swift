// Role in the data flow: before anything runs. The command-line options choose how the fake API
// behaves (latency, injected failures, which catalog), where the session is kept and traced, and
// where commands come from; the executable reads them from here and wires the app accordingly. A
// bad option stops the process before any state exists. Each option is one type in Definitions/
// (its spellings, value, bounds, help and what it sets); this is what they set, and the loop that
// reads the arguments through `OptionList`.
//
//   arguments ─► Options.parse ─► OptionList ─► each Option's apply ─► Options.Request ─► MoviesApp

import MoviesCore
import SystemBoundary

/// The parsed command-line options.
package struct Options: Equatable, Sendable {
    /// What the invocation asks for.
    package enum Request: Equatable, Sendable {
        case run(Options)
        /// Replay the trace at this path and report whether it matches.
        case replay(path: FileName)
        case help
        case version
    }

    /// Where `--trace` writes.
    package enum TraceTarget: Equatable, Sendable {
        case standardError
        case file(FileName)
    }

    /// Why the arguments are not valid; `description` is the one-line message.
    package struct Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// Seconds the fake API waits before answering (`--latency`).
    package var latency = LatencyOption.defaultSeconds
    /// How many fetches fail before one succeeds; `nil` never fails, `Int.max` always fails
    /// (`--fail-first`, `--fail`).
    package var failingFetches: Int?
    /// A catalog file to serve instead of the bundled one (`--catalog`).
    package var catalogPath: FileName?
    /// The state file to restore from and journal to (`--state`).
    var statePath: FileName?
    /// The state file another session keeps, to show and follow read-only (`--follow`).
    var followPath: FileName?
    /// Where to write the trace, if anywhere (`--trace`).
    var trace: TraceTarget?
    /// How many edits undo remembers (`--history`), a refresh counting as one.
    var historyLimit = UndoHistory.defaultLimit
    /// Print only what commands ask for, and errors (`--quiet`).
    var quiet = false
    /// Commands to run instead of reading standard input (`-c`).
    var commands: String?
    /// Show the list full-screen, edited in place (`--screen`; a terminal only).
    var screen = false

    package init(
        latency: Double = LatencyOption.defaultSeconds, failingFetches: Int? = nil,
        catalogPath: FileName? = nil, statePath: FileName? = nil, trace: TraceTarget? = nil,
        historyLimit: Int = UndoHistory.defaultLimit, quiet: Bool = false, commands: String? = nil
    ) {
        self.latency = latency
        self.failingFetches = failingFetches
        self.catalogPath = catalogPath
        self.statePath = statePath
        self.trace = trace
        self.historyLimit = historyLimit
        self.quiet = quiet
        self.commands = commands
    }

    /// Parses the arguments after the program name, given as text (each one's bytes are its
    /// UTF-8); see `parse(bytes:)`.
    package static func parse(_ arguments: [String]) throws(Error) -> Request {
        try parse(bytes: arguments.map { Array($0.utf8) })
    }

    /// Parses the arguments after the program name, each one the bytes the process was given.
    ///
    /// Each argument names an option of `OptionList`, whose value, if it takes one, is read as
    /// its argument allows (`--name value` and `--name=value` both work) and which records it.
    /// A file's name is kept as its bytes, whatever they are; every other value must be UTF-8
    /// text (`OptionValue`). An option that answers by itself (`--help`) ends the reading;
    /// otherwise, once every argument is read, options that one of them refuses beside it are a
    /// usage error.
    package static func parse(bytes arguments: [[UInt8]]) throws(Error) -> Request {
        var parsed = ParsedArguments()
        var given: [any Option.Type] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, attached) = split(argument)
            guard let name = OptionValue.text(name), let option = OptionList.option(named: name)
            else {
                throw Error(
                    description: "unknown option \"\(FileName(bytes: argument).excerpt())\"")
            }
            let value = try OptionValue(
                of: option.reference.argument, name: name, attached: attached,
                remaining: &remaining)
            try option.apply(value, to: &parsed)
            if let answer = parsed.answer { return answer }
            given.append(option)
        }
        try OptionList.checkConflicts(among: given)
        return parsed.request
    }

    /// `--name=value` as its name and value; any other argument as itself, without a value.
    private static func split(_ argument: [UInt8]) -> ([UInt8], [UInt8]?) {
        let dash = UInt8(ascii: "-")
        guard argument.starts(with: [dash, dash]),
            let equals = argument.firstIndex(of: UInt8(ascii: "="))
        else { return (argument, nil) }
        return (Array(argument[..<equals]), Array(argument[(equals + 1)...]))
    }
}
