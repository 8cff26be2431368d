// Role in the data flow: before anything runs. The command-line options choose how the fake API
// behaves (latency, injected failures, which catalog), where the session is kept and traced, and
// where commands come from; the executable reads them from here and wires the app accordingly. A
// bad option stops the process before any state exists.

import MoviesCore
import MoviesFormats
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

    /// Seconds the fake API waits before answering.
    package var latency: Double = 1
    /// How many fetches fail before one succeeds; `nil` never fails, `Int.max` always fails.
    package var failingFetches: Int?
    /// A catalog file to serve instead of the bundled one.
    package var catalogPath: FileName?
    /// The state file to restore from and journal to (`--state`).
    var statePath: FileName?
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
        latency: Double = 1, failingFetches: Int? = nil, catalogPath: FileName? = nil,
        statePath: FileName? = nil, trace: TraceTarget? = nil,
        historyLimit: Int = UndoHistory.defaultLimit, quiet: Bool = false,
        commands: String? = nil
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

    /// The latency may be 0 (instant answers, for scripts and tests) up to an hour.
    private static let latencyRange: ClosedRange<Double> = 0...3600

    /// Parses the arguments after the program name, given as text (each one's bytes are its
    /// UTF-8); see `parse(bytes:)`.
    package static func parse(_ arguments: [String]) throws(Error) -> Request {
        try parse(bytes: arguments.map { Array($0.utf8) })
    }

    /// Parses the arguments after the program name, each one the bytes the process was given.
    ///
    /// Accepts `--name value` and `--name=value`. A file's name is kept as its bytes, whatever
    /// they are; every other value must be text, and one that is not UTF-8 is a usage error
    /// rather than text with U+FFFD in it.
    package static func parse(bytes arguments: [[UInt8]]) throws(Error) -> Request {
        var options = Options()
        var replayPath: FileName?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (nameBytes, inlineBytes) = split(argument)
            guard let name = text(nameBytes) else {
                throw Error(
                    description: "unknown option \"\(FileName(bytes: argument).excerpt())\"")
            }
            func rawValue() throws(Error) -> [UInt8] {
                if let inlineBytes { return inlineBytes }
                guard let next = remaining.popFirst() else {
                    throw Error(description: "option \(name) needs a value")
                }
                return next
            }
            func value() throws(Error) -> String {
                let bytes = try rawValue()
                guard let value = text(bytes) else {
                    throw Error(
                        description: "\(name): \"\(FileName(bytes: bytes).excerpt())\" is not "
                            + "valid UTF-8 text")
                }
                return value
            }
            func path() throws(Error) -> FileName {
                try Self.path(rawValue(), for: name)
            }
            let inlineValue = inlineBytes
            func noValue() throws(Error) {
                if inlineValue != nil { throw Error(description: "option \(name) takes no value") }
            }
            switch name {
            case "--help", "-h":
                try noValue()
                return .help
            case "--version":
                try noValue()
                return .version
            case "--latency":
                let text = try value()
                guard isDecimal(text), let seconds = Double(text), latencyRange.contains(seconds)
                else {
                    throw Error(
                        description: "--latency: \"\(TerminalText.excerpt(text))\" is not a number "
                            + "of seconds from 0 to \(Int(latencyRange.upperBound))")
                }
                options.latency = seconds
            case "--fail":
                try noValue()
                options.failingFetches = Int.max
            case "--fail-first":
                let text = try value()
                guard isDecimal(text, fraction: false) else {
                    throw Error(
                        description: "--fail-first: \"\(TerminalText.excerpt(text))\" is not a "
                            + "whole number of fetches (0 or more)")
                }
                guard let count = Int(text) else {
                    throw Error(
                        description: "--fail-first: \(TerminalText.excerpt(text)) is too large; "
                            + "at most \(Int.max) (use --fail to fail every fetch)")
                }
                options.failingFetches = count
            case "--catalog":
                options.catalogPath = try path()
            case "--state":
                options.statePath = try path()
            case "--trace":
                if let inlineValue {
                    options.trace = .file(try Self.path(inlineValue, for: name))
                } else if let next = remaining.first, next.first != UInt8(ascii: "-") {
                    remaining.removeFirst()
                    options.trace = .file(try Self.path(next, for: name))
                } else {
                    options.trace = .standardError
                }
            case "--replay":
                replayPath = try path()
            case "--history":
                let text = try value()
                guard let limit = wholeNumber(text), historyRange.contains(limit) else {
                    throw Error(
                        description: "--history: \"\(TerminalText.excerpt(text))\" is not a "
                            + "whole number of edits from 0 to \(historyRange.upperBound)")
                }
                options.historyLimit = limit
            case "--quiet":
                try noValue()
                options.quiet = true
            case "-c":
                options.commands = try value()
            case "--screen":
                try noValue()
                options.screen = true
            default:
                throw Error(
                    description: "unknown option \"\(FileName(bytes: argument).excerpt())\"")
            }
        }
        if options.screen, options.commands != nil || options.quiet {
            throw Error(
                description: "--screen shows the list on a terminal; it takes no -c or --quiet")
        }
        if let replayPath {
            guard options == Options() || options == Options(quiet: true) else {
                throw Error(
                    description: "--replay takes no other options; it replays the trace alone")
            }
            return .replay(path: replayPath)
        }
        return .run(options)
    }

    /// The range `--history` accepts, the same bound a trace header may name.
    private static let historyRange = 0...Trace.maximumHistoryLimit

    /// A non-empty path, or the error naming the option.
    private static func path(_ bytes: [UInt8], for name: String) throws(Error) -> FileName {
        guard !bytes.isEmpty else { throw Error(description: "\(name): the path is empty") }
        return FileName(bytes: bytes)
    }

    /// `bytes` as text, or `nil` when they are not valid UTF-8.
    private static func text(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { buffer in
            UTF8Validation.firstInvalidOffset(in: buffer) == nil
                ? String(decoding: buffer, as: UTF8.self) : nil
        }
    }

    /// A whole number written with ASCII digits only (no sign, no spaces), if it fits in an Int.
    private static func wholeNumber(_ text: String) -> Int? {
        guard isDecimal(text, fraction: false) else { return nil }
        return Int(text)
    }

    /// Whether `text` is a plain decimal number: ASCII digits, with at most one decimal point when
    /// `fraction` allows it (`2`, `0.5`, `.5`, `5.`).
    ///
    /// `Double` and `Int` accept much more: `0x10` (sixteen), `1e3`, `inf`, `nan`, `+1`, and
    /// surrounding whitespace in some versions. A number of seconds is typed by a person or a
    /// script; anything but plain digits is more likely a mistake than a wish for hexadecimal.
    private static func isDecimal(_ text: String, fraction: Bool = true) -> Bool {
        var digits = 0
        var points = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: ".") where fraction: points += 1
            default: return false
            }
        }
        return digits > 0 && points <= 1
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
