// Role in the data flow: how a journal line's Change stands in the history, so that the history
// and its point survive a restart (`undo`, `goto` and `skip` reach back past it). A Change the
// journal writes is the Change that was made, as before; these few keys beside it say whether it
// began an edit (and which action made it), continued one, or was a step of an undo or a redo.
// A fold writes the history it keeps right after the snapshot the same way, marked as kept.
//
//   Record ─► StateFileJournal ─► JournalLine + JournalStep ─► line
//   line ─► JournalLine.read ─► Change + JournalStep ─► restore: the list, and its history

import Foundation
import MoviesCore

/// The history's words on a journal line: `"action"`, `"count"`, `"dropped"` and `"step"`.
struct JournalStep: Equatable {
    /// What the line's Change is to the history.
    enum Role: String, CaseIterable, Equatable {
        /// It is the first Change of a new edit (no `"step"` key: every line of an older journal
        /// reads so, an edit whose action was not kept).
        case edit
        /// It is the next Change of the newest edit (a `skip` makes several).
        case more
        /// It is a Change of the undo of the edit the list is right after.
        case undo
        /// It is a Change of the redo of the next undone edit.
        case redo
        /// It is the first Change of an edit the history kept at a fold, done: the snapshot
        /// already holds it, so it is not applied.
        case done
        /// It is the first Change of an edit the history kept at a fold, undone: not applied.
        case undone
        /// It is the next Change of an edit the history kept (done or undone): not applied.
        case kept

        /// Whether the line's Change is applied to the list as it is read.
        var applies: Bool {
            switch self {
            case .edit, .more, .undo, .redo: return true
            case .done, .undone, .kept: return false
            }
        }

        /// Whether the line begins an edit, which `action`, `count` and `dropped` describe.
        var begins: Bool {
            switch self {
            case .edit, .done, .undone: return true
            case .more, .undo, .redo, .kept: return false
            }
        }
    }

    var role = Role.edit
    /// The action that made the edit this line begins, for a `skip`, and `nil` for any other
    /// edit: its one Change says what it did (a rename and a rating both read differently, and
    /// the file need not tell them apart), while a skip's Changes are an undo and redos that
    /// only the action names.
    var action: MoviesViewModel.Action?
    /// How many lines the action this line begins spans, itself included.
    ///
    /// The Changes of a `skip`, the steps of a travel (`goto`, `undo N`), or of an edit the
    /// history kept. Written
    /// on an action's first line when it is more than one, so that a reader knows when the
    /// action is whole (a session killed between its lines never drew them).
    var count = 1
    /// For a `skip`: the later edits it left out.
    var dropped: [Int] = []

    /// The keys, as the line names them.
    enum Key: JSONKey {
        case action, count, dropped, step

        var name: StaticString {
            switch self {
            case .action: return "action"
            case .count: return "count"
            case .dropped: return "dropped"
            case .step: return "step"
            }
        }
    }

    // MARK: - Writing

    /// Appends the keys that differ from a plain edit's line, each after a comma: nothing at all
    /// for an edit of one Change whose action is not kept (an older journal's line).
    func write(to output: inout some JSONOutput) {
        if role.begins, let action, let object = Self.object(of: action) {
            output.append(UInt8(ascii: ","))
            output.appendKey(Key.action.name)
            object.withUnsafeBufferPointer { output.append(contentsOf: $0) }
        }
        if count != 1 {
            output.append(UInt8(ascii: ","))
            output.appendKey(Key.count.name)
            output.append(count)
        }
        if role.begins, !dropped.isEmpty {
            output.append(UInt8(ascii: ","))
            output.appendKey(Key.dropped.name)
            output.append(UInt8(ascii: "["))
            for (index, number) in dropped.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                output.append(number)
            }
            output.append(UInt8(ascii: "]"))
        }
        if role != .edit {
            output.append(UInt8(ascii: ","))
            output.appendKey(Key.step.name)
            output.appendString(role.rawValue)
        }
    }

    /// The JSON of an edit's action, as a trace writes it, or `nil` for an action that makes
    /// no edit of its own (a fetch's answer, another session's Change, a travel).
    ///
    /// Written by hand, as the Change beside it is, for the edits a journal holds: `JSONEncoder`
    /// costs as much as the rest of an edit.
    static func object(of action: MoviesViewModel.Action) -> [UInt8]? {
        var json = JSONBytes(capacity: 64)
        func open(_ name: StaticString) {
            json.append(UInt8(ascii: "{"))
            json.appendKey(name)
            json.append(UInt8(ascii: "{"))
        }
        func number(_ key: StaticString, _ value: Int, last: Bool = false) {
            json.appendKey(key)
            json.append(value)
            if !last { json.append(UInt8(ascii: ",")) }
        }
        switch action {
        case .insert(let title, let year, let at):
            open("insert")
            number("at", at)
            json.appendKey("title")
            json.appendString(title)
            json.append(UInt8(ascii: ","))
            number("year", year, last: true)
        case .delete(let at):
            open("delete")
            number("at", at, last: true)
        case .move(let from, let to):
            open("move")
            number("from", from)
            number("to", to, last: true)
        case .rename(let at, let to):
            open("rename")
            number("at", at)
            json.appendKey("to")
            json.appendString(to)
        case .rate(let at, let stars):
            open("rate")
            number("at", at, last: stars == nil)
            if let stars { number("stars", stars, last: true) }
        case .skip(let edit):
            open("skip")
            number("edit", edit, last: true)
        case .undo, .redo, .goto, .refresh, .fetchSucceeded, .fetchFailed, .journaled,
            .snapshotWritten:
            return nil
        }
        json.append("}}")
        return json.bytes
    }

    // MARK: - Reading

    /// Reads the value of `key` into this step, from `reader` at the value.
    mutating func read(_ key: Key, from reader: inout JSONReader) throws(CatalogError) {
        switch key {
        case .action:
            let start = reader.index
            try reader.skipValue(key: key.text)
            let bytes = Data(UnsafeBufferPointer(rebasing: reader.bytes[start..<reader.index]))
            guard let action = try? JSONDecoder().decode(MoviesViewModel.Action.self, from: bytes)
            else { throw reader.schema("\"action\": not an action") }
            self.action = action
        case .count:
            count = try reader.readWholeNumber(key: key.text) { text in
                .wrongSchema("\"count\" \(text) is out of range")
            }
            guard count >= 1 else { throw reader.schema("\"count\" must be 1 or more") }
        case .dropped:
            try reader.requireValue(
                startingWith: UInt8(ascii: "["), atEnd: "the line ends inside \"dropped\"",
                otherValue: "\"dropped\": expected an array", noValue: "expected an array")
            reader.index += 1
            reader.skipWhitespace()
            if reader.peek() == UInt8(ascii: "]") {
                reader.index += 1
                return
            }
            while true {
                reader.skipWhitespace()
                dropped.append(
                    try reader.readWholeNumber(key: key.text) { text in
                        .wrongSchema("\"dropped\" \(text) is out of range")
                    })
                reader.skipWhitespace()
                if try reader.endOfContainer(closing: UInt8(ascii: "]"), inside: "\"dropped\"") {
                    return
                }
            }
        case .step:
            guard reader.peek() == UInt8(ascii: "\"") else {
                try reader.rejectValue(of: key.text, expected: "a string")
            }
            let text = try reader.readString(key: key.text)
            guard let role = Role(rawValue: text), role != .edit else {
                throw reader.schema("\"step\": \"\(JSONReader.excerpt(text))\" is not a step")
            }
            self.role = role
        }
    }
}
