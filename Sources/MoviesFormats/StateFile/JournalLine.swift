// Role in the data flow: the one home of a Change's journal line. With `--state` every edit is
// journaled before its row is drawn, and every start reads the journal back; both directions follow
// from the one definition here, so what is written can always be read.
//
//   edit ─► Change ─► JournalLine.line ─► journal line ─► state file
//   journal line ─► JournalLine.read ─► Change ─► StateFile.apply ─► restored list

import MoviesCore

/// A Change as one line of the state file's journal.
///
/// ```text
/// {"deleted":{"at":2,"movie":{"id":3,"title":"Casablanca","year":1942}}}
/// {"moved":{"from":7,"movie":{"id":8,"title":"Jaws","year":1975},"to":0}}
/// {"updated":{"at":0,"new":{"id":8,"title":"Jaws 2","year":1975},"old":{"id":8,…}}}
/// ```
///
/// Each kind of Change is a `Kind` with its name and its fields, and every `switch` over the kinds
/// or over the Changes is exhaustive: a new case of `MoviesState.Change` does not compile here
/// until it has a kind, and a new kind does not compile until it is both written and read. The
/// bytes are exactly what `JSONEncoder` writes for the Change with sorted keys (the tests hold
/// the two equal), written by hand because `JSONEncoder` takes about 5 µs for one line: as long
/// as everything else an edit costs put together.
enum JournalLine {
    /// The kinds of Change, one for each case of `MoviesState.Change`, named as its `Codable`
    /// conformance names them.
    ///
    /// `renamed` is read, never written: a journal written before a row that reads differently
    /// was one kind of Change (`updated`) may hold it, and it reads as the `updated` it was.
    enum Kind: JSONKey {
        case unchanged, fetch, reloaded, inserted, deleted, moved, updated, renamed

        var name: StaticString {
            switch self {
            case .unchanged: return "none"
            case .fetch: return "fetch"
            case .reloaded: return "reloaded"
            case .inserted: return "inserted"
            case .deleted: return "deleted"
            case .moved: return "moved"
            case .updated: return "updated"
            case .renamed: return "renamed"
            }
        }

        /// The fields of the kind's object, in the order written (sorted, as `JSONEncoder` sorts
        /// them); `nil` for a kind a journal never holds: a reload is folded into a new snapshot
        /// instead, and a fetch status or nothing changes no row.
        var fields: [Field]? {
            switch self {
            case .inserted, .deleted: return [.at, .movie]
            case .moved: return [.from, .movie, .to]
            case .updated: return [.at, .new, .old]
            case .renamed: return [.at, .movie, .oldTitle]
            case .unchanged, .fetch, .reloaded: return nil
            }
        }
    }

    /// The kinds a journal is written with, for a message: `"inserted", "deleted", "moved" and
    /// "updated"`.
    static var editKinds: String {
        let written = Kind.allCases.filter { $0.fields != nil && $0 != .renamed }
        let names = written.map { "\"\($0.text)\"" }
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The fields of a row Change's object: its positions, its movie (or an updated row's new
    /// and old one), and the old title of a `renamed` line.
    enum Field: JSONKey {
        case at, from, movie, new, old, oldTitle, to

        var name: StaticString {
            switch self {
            case .at: return "at"
            case .from: return "from"
            case .movie: return "movie"
            case .new: return "new"
            case .old: return "old"
            case .oldTitle: return "oldTitle"
            case .to: return "to"
            }
        }
    }

    /// The values of a row Change's fields; a field its kind has not (a position 0, no old
    /// movie) is never written.
    struct Values {
        /// The row's movie: inserted, deleted or moved, or an updated row's new one.
        var movie: Movie
        /// An updated row's old movie.
        var old: Movie?
        var at = 0
        var from = 0
        var to = 0
        var oldTitle = ""
    }

    /// What one journal line holds.
    enum Content: Equatable {
        /// An insert, a delete, a move or an update: the only Changes a journal is made of, with
        /// how it stands in the history.
        case edit(MoviesState.Change, JournalStep)
        /// A Change of a kind journals never hold (a reload, a fetch status, none).
        case notAnEdit
    }

    // MARK: - The one definition: a Change and its kind and values, both ways

    /// `change`'s kind, and the values of its fields when a journal holds that kind.
    static func split(_ change: MoviesState.Change) -> (Kind, Values?) {
        switch change {
        case .none: return (.unchanged, nil)
        case .fetch: return (.fetch, nil)
        case .reloaded: return (.reloaded, nil)
        case .inserted(let movie, let index): return (.inserted, Values(movie: movie, at: index))
        case .deleted(let movie, let index): return (.deleted, Values(movie: movie, at: index))
        case .moved(let movie, let source, let destination):
            return (.moved, Values(movie: movie, from: source, to: destination))
        case .updated(let index, let old, let new):
            return (.updated, Values(movie: new, old: old, at: index))
        }
    }

    /// The Change of `kind` with `values`; `nil` for a kind a journal never holds.
    static func change(_ kind: Kind, _ values: Values) -> MoviesState.Change? {
        switch kind {
        case .inserted: return .inserted(values.movie, at: values.at)
        case .deleted: return .deleted(values.movie, at: values.at)
        case .moved: return .moved(values.movie, from: values.from, to: values.to)
        case .updated:
            guard let old = values.old else { return nil }
            return .updated(at: values.at, old: old, new: values.movie)
        case .renamed:
            // Copied, not rebuilt: the old movie is the new one with its old title.
            var old = values.movie
            old.title = values.oldTitle
            return .updated(at: values.at, old: old, new: values.movie)
        case .unchanged, .fetch, .reloaded: return nil
        }
    }

    // MARK: - Writing

    /// The line for `change`, with how it stands in the history (`step`), newline included, or
    /// `nil` for a Change a journal never holds.
    static func line(_ change: MoviesState.Change, step: JournalStep = JournalStep()) -> [UInt8]? {
        let (kind, values) = split(change)
        guard let values, let fields = kind.fields else { return nil }
        var line = JSONBytes(capacity: 128)
        write(kind, fields: fields, values, step: step, to: &line)
        return line.bytes
    }

    /// Writes `{"kind":{"field":value,…}` then the step's keys, `}` and the newline.
    private static func write(
        _ kind: Kind, fields: [Field], _ values: Values, step: JournalStep,
        to output: inout some JSONOutput
    ) {
        output.append(UInt8(ascii: "{"))
        output.appendKey(kind.name)
        output.append(UInt8(ascii: "{"))
        for (index, field) in fields.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.appendKey(field.name)
            switch field {
            case .at: output.append(values.at)
            case .from: output.append(values.from)
            case .movie, .new: MovieJSON.write(values.movie, to: &output)
            case .old: if let old = values.old { MovieJSON.write(old, to: &output) }
            case .oldTitle: output.appendString(values.oldTitle)
            case .to: output.append(values.to)
            }
        }
        output.append(UInt8(ascii: "}"))
        step.write(to: &output)
        output.append("}\n")
    }

    /// A key of a line's object: the Change's kind, or one of the history's words beside it.
    enum LineKey: JSONKey {
        case change(Kind)
        case step(JournalStep.Key)

        static let allCases: [LineKey] =
            Kind.allCases.map(LineKey.change) + JournalStep.Key.allCases.map(LineKey.step)

        var name: StaticString {
            switch self {
            case .change(let kind): return kind.name
            case .step(let key): return key.name
            }
        }
    }

    // MARK: - Reading

    /// Reads one journal line (without its newline); `file` only names the source in errors.
    ///
    /// The line is read by the strict reader the catalog uses, so a journaled movie and a
    /// journaled number follow the catalog's rules exactly: no key twice, whole numbers only (by
    /// value, as `JSONNumber` decides), no lone surrogate. Each of its kind's fields must be
    /// there exactly once, and no other.
    static func read(
        in bytes: UnsafeBufferPointer<UInt8>, file: String
    ) throws(CatalogError) -> Content {
        var reader = JSONReader(bytes: bytes, file: file)
        reader.item = 1
        reader.skipWhitespace()
        try reader.requireValue(
            startingWith: UInt8(ascii: "{"), atEnd: "the line is empty",
            otherValue: "expected a change object", noValue: "expected a change object")
        reader.index += 1
        var content: Content?
        var step = JournalStep()
        var seen: [JournalStep.Key] = []
        while true {
            switch try reader.readKey(among: LineKey.allCases, inside: "the change") {
            case .other(let name):
                throw reader.schema("\"\(JSONReader.excerpt(name))\" is not a kind of change")
            case .known(.change(let kind)):
                guard content == nil else {
                    throw reader.schema("a line holds exactly one change")
                }
                if let fields = kind.fields {
                    let values = try readValues(of: kind, fields: fields, from: &reader)
                    guard let change = change(kind, values) else {
                        throw reader.schema("\"\(kind.text)\" is not an edit")
                    }
                    content = .edit(change, JournalStep())
                } else {
                    try reader.skipValue(key: kind.text)
                    content = .notAnEdit
                }
            case .known(.step(let key)):
                guard !seen.contains(key) else {
                    throw reader.failure(.duplicateKey(key.text, item: reader.item))
                }
                seen.append(key)
                try step.read(key, from: &reader)
            }
            reader.skipWhitespace()
            if try reader.endOfContainer(closing: UInt8(ascii: "}"), inside: "the change") {
                break
            }
        }
        guard let content else { throw reader.schema("a line holds exactly one change") }
        reader.skipWhitespace()
        guard reader.index == bytes.count else {
            throw reader.syntax("unexpected text after the change")
        }
        guard case .edit(let change, _) = content else { return content }
        return .edit(change, step)
    }

    /// Reads the object of a row Change of `kind`, whose keys are `fields`.
    private static func readValues(
        of kind: Kind, fields: [Field], from reader: inout JSONReader
    ) throws(CatalogError) -> Values {
        try reader.requireValue(
            startingWith: UInt8(ascii: "{"), atEnd: "the line ends inside the change",
            otherValue: "\"\(kind.text)\": expected an object", noValue: "expected an object")
        reader.index += 1
        var movie: Movie?
        var old: Movie?
        var (at, from, to) = (0, 0, 0)
        var oldTitle = ""
        var seen: [Field] = []
        reader.skipWhitespace()
        if reader.peek() == UInt8(ascii: "}") {
            reader.index += 1
        } else {
            while true {
                let field: Field
                switch try reader.readKey(among: fields, inside: "the change") {
                case .known(let known):
                    field = known
                case .other(let name):
                    let key = JSONReader.excerpt(name)
                    throw reader.schema("\"\(key)\" is not a key of \"\(kind.text)\"")
                }
                guard !seen.contains(field) else {
                    throw reader.failure(.duplicateKey(field.text, item: reader.item))
                }
                seen.append(field)
                switch field {
                case .at: at = try readPosition(field, from: &reader)
                case .from: from = try readPosition(field, from: &reader)
                case .movie, .new: movie = try readMovie(field, from: &reader)
                case .old: old = try readMovie(field, from: &reader)
                case .oldTitle: oldTitle = try readTitle(field, from: &reader)
                case .to: to = try readPosition(field, from: &reader)
                }
                reader.skipWhitespace()
                if try reader.endOfContainer(closing: UInt8(ascii: "}"), inside: "the change") {
                    break
                }
            }
        }
        guard seen.count == fields.count, let movie else {
            let names = fields.map { "\"\($0.text)\"" }.joined(separator: ", ")
            throw reader.schema("\"\(kind.text)\": expected \(names) once each")
        }
        return Values(movie: movie, old: old, at: at, from: from, to: to, oldTitle: oldTitle)
    }

    /// Reads a position (`at`, `from`, `to`): a whole number by `JSONNumber`'s rules.
    private static func readPosition(_ field: Field, from reader: inout JSONReader)
        throws(CatalogError) -> Int
    {
        try reader.readWholeNumber(key: field.text) { text in
            .wrongSchema("\"\(field.text)\" \(text) is out of range")
        }
    }

    /// Reads a title that is not a movie's (the old one of a `renamed` line): a JSON string.
    ///
    /// Only compared with the title at the Change's position, never shown or kept, so it needs
    /// no rule of its own: a title no movie has does not apply.
    private static func readTitle(_ field: Field, from reader: inout JSONReader)
        throws(CatalogError) -> String
    {
        guard reader.peek() == UInt8(ascii: "\"") else {
            try reader.rejectValue(of: field.text, expected: "a string")
        }
        return try reader.readString(key: field.text)
    }

    /// Reads a movie of a row Change (`field`), as a catalog's item is read.
    private static func readMovie(_ field: Field, from reader: inout JSONReader)
        throws(CatalogError) -> Movie
    {
        try reader.requireValue(
            startingWith: UInt8(ascii: "{"), atEnd: "the line ends inside the change",
            otherValue: "\"\(field.text)\": expected a movie object",
            noValue: "expected a movie object")
        return try MovieJSON.read(from: &reader)
    }
}
