// Role in the data flow: `movies --replay TRACE`. It reads a trace written by `--trace`, has a
// `TraceReplayer` run every recorded action again on a fresh store, and compares what happens now
// with what happened then, line by line. The first difference is the bug report's answer. A trace
// written to standard error shares it with the session's messages: a line that does not start
// with `{` is one of those and is skipped; every line that does must be a record.

import MoviesFormats
import MoviesViews
import SystemBoundary
import TerminalIO

/// Replays a trace file and reports whether the store still does what it did.
@MainActor
package enum ReplayRunner {
    /// The longest trace line read: what the app can write, so that every trace it writes replays.
    ///
    /// A refresh's line is the longest: it records the fetched list and the list it replaced, each
    /// within the catalog's read limit (inserts, renames and `save` keep the list there), and each
    /// at most `Trace.maximumExpansion` times larger once its titles are escaped; 64 KiB covers the
    /// rest of the line. About 192 MiB: a bound on memory, not a size any real trace comes near.
    static let maximumLineBytes =
        Catalog.maximumFileSize * 2 * Trace.maximumExpansion + 65_536

    /// Replays the trace at `path`, writing a summary (or the first divergence) to `output`.
    ///
    /// `maximumLineBytes` is the limit on a line; a test passes a small one, so that a line past it
    /// need not be hundreds of megabytes.
    package static func run(
        path: FileName, output: any TextOutput, maximumLineBytes: Int = maximumLineBytes
    ) -> ExitStatus {
        let name = path.excerpt(limit: 200)
        var lines: FileLines
        do {
            lines = try FileLines(path: path, maximumLineBytes: maximumLineBytes)
        } catch {
            output.write("movies: cannot read the trace \(error)\n", to: .error)
            return .unreadableTrace
        }
        defer { lines.finish() }
        do {
            return try replay(&lines, name: name, output: output, limit: maximumLineBytes)
        } catch let error as TraceError {
            output.write("movies: \(name): \(error)\n", to: .error)
            return .malformedTrace
        } catch let error as FileError {
            output.write("movies: cannot read the trace \(error)\n", to: .error)
            return .unreadableTrace
        } catch {
            output.write("movies: \(name): \(error)\n", to: .error)
            return .malformedTrace
        }
    }

    private static func replay(
        _ lines: inout FileLines, name: String, output: any TextOutput, limit: Int
    ) throws -> ExitStatus {
        guard let first = try lines.next() else { throw TraceError(line: 1, problem: .empty) }
        let header = try Trace.header(from: try text(first, line: 1, limit: limit))
        let replayer = TraceReplayer(header: header)
        var number = 1
        var actions = 0
        var skipped = 0
        while let line = try lines.next() {
            number += 1
            let text = try text(line, line: number, limit: limit)
            guard isRecordLine(text) else {
                skipped += 1
                continue
            }
            let recorded = try Trace.record(from: text, number: number)
            let replayed = replayer.replay(recorded.action)
            guard replayed.matches(recorded) else {
                output.write(
                    "movies: \(name): line \(number): the replay diverged\n"
                        + "  recorded: \(excerpt(Trace.line(recorded)))\n"
                        + "  replayed: \(excerpt(Trace.line(replayed)))\n",
                    to: .error)
                return .commandRejected
            }
            actions += 1
        }
        let count = replayer.movies.count
        let lines = Counted(skipped, "line")
        let messages =
            skipped == 0
            ? ""
            : " \(lines) \(lines.wasOrWere) skipped: not records but messages written to the same "
                + "stream."
        output.write(
            "Replayed \(Counted(actions, "action")) from \(name): every one matched; "
                + "the list ends with \(Counted(count, "movie")).\(messages)\n",
            to: .standard)
        return .success
    }

    /// Whether a line after the header is a record: every record is a JSON object, and nothing
    /// else the app writes starts with `{` (a message starts with a word, a list with `[`), so a
    /// line that starts with `{` and is no record is a damaged trace, never a message.
    private static func isRecordLine(_ text: String) -> Bool {
        text.utf8.first == UInt8(ascii: "{")
    }

    /// A line as text, refusing an over-long one or one that is not UTF-8.
    private static func text(_ line: FileLines.Line, line number: Int, limit: Int)
        throws(TraceError) -> String
    {
        switch line {
        case .tooLong:
            throw TraceError(line: number, problem: .lineTooLong(limit: limit))
        case .line(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw TraceError(line: number, problem: .notARecord)
            }
            return text
        }
    }

    /// A record's JSON cut to a readable length, safe for a terminal.
    private static func excerpt(_ json: String) -> String {
        let limit = 1_000
        let cut =
            json.unicodeScalars.count > limit
            ? String(String.UnicodeScalarView(json.unicodeScalars.prefix(limit))) + "…" : json
        return TerminalText.escapedJSON(cut)
    }
}
