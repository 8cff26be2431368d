// Role in the data flow: the one table of a movie's fields. Every format that holds movies (the
// catalog, a state file's snapshot and journal, a trace, `list --json`) writes and reads a movie
// through this table, so a field added to `Movie` is added here once, and the compiler then asks
// each `switch` over the fields for its case: the formats follow, none can forget it.
//
//   Movie ─► Field.allCases, movie[field] ─► a format's writer
//   a format's reader ─► field, Value ─► movie[field] = value ─► Movie

extension Movie {
    /// A field of a movie, named by its key in every format.
    ///
    /// The cases are in the order the fields are written: sorted by key, as `JSONEncoder`
    /// sorts them, so a movie always has the same bytes.
    public enum Field: CaseIterable, Sendable, CodingKey {
        case id, rating, title, year

        /// The field's key, as every format writes it.
        public var key: StaticString {
            switch self {
            case .id: return "id"
            case .rating: return "rating"
            case .title: return "title"
            case .year: return "year"
            }
        }

        /// What the field holds, and which values a movie the store accepts may give it.
        public var kind: Kind {
            switch self {
            case .id: return .number(valid: Movie.validIDs)
            case .rating: return .optionalNumber(valid: Movie.validRatings)
            case .title: return .title
            case .year: return .number(valid: Movie.validYears)
            }
        }

        // `CodingKey`, so that `Codable` (the trace) uses the same keys.

        public var stringValue: String { key.description }
        public init?(stringValue: String) {
            guard let field = Self.allCases.first(where: { $0.stringValue == stringValue }) else {
                return nil
            }
            self = field
        }
        public var intValue: Int? { nil }
        public init?(intValue: Int) { nil }
    }

    /// What a field holds.
    public enum Kind: Equatable, Sendable {
        /// A whole number in `valid`, which every movie has.
        case number(valid: ClosedRange<Int>)
        /// A whole number in `valid`, or nothing; a movie without one leaves the key out.
        case optionalNumber(valid: ClosedRange<Int>)
        /// A title, which every movie has; `Movie.isBlank` and `isTooLong` say which are valid.
        case title
    }

    /// A field's value, as a format writes it or has read it.
    public enum Value: Equatable, Sendable {
        case number(Int)
        case text(String)
        /// An optional field that is not set.
        case absent
    }

    /// The value of `field`.
    ///
    /// Setting it is for a decoder, which has read the value by the field's `kind`: a value of
    /// another kind leaves the field as it was.
    public subscript(field: Field) -> Value {
        get {
            switch field {
            case .id: return .number(id)
            case .rating: return rating.map(Value.number) ?? .absent
            case .title: return .text(title)
            case .year: return .number(year)
            }
        }
        set {
            switch field {
            case .id: id = newValue.number ?? id
            case .rating: rating = newValue.number
            case .title: title = newValue.text ?? title
            case .year: year = newValue.number ?? year
            }
        }
    }

    /// What a decoder fills in, field by field: no field set yet.
    ///
    /// A decoder starts from it and sets each field it reads; the fields that every movie has
    /// (`Kind.number`, `Kind.title`) must all have been read before the movie is used.
    public static let unread = Movie(id: 0, title: "", year: 0)
}

/// A field in JSON is its key, as a string: a rejected rating in a trace reads
/// `{"outOfRange":{"field":"rating",…}}`.
extension Movie.Field: Codable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(stringValue)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let key = try container.decode(String.self)
        guard let field = Self(stringValue: key) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(key) is not a field of a movie")
        }
        self = field
    }
}

extension Movie.Value {
    /// The number, for a number.
    var number: Int? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The text, for a text.
    var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }
}

extension Movie.Kind {
    /// Whether every movie has the field: a reader must find it.
    public var isRequired: Bool {
        switch self {
        case .number, .title: return true
        case .optionalNumber: return false
        }
    }

    /// The numbers a movie may hold in a field of this kind; `nil` for a title.
    public var validNumbers: ClosedRange<Int>? {
        switch self {
        case .number(let valid), .optionalNumber(let valid): return valid
        case .title: return nil
        }
    }
}

/// A movie in JSON, for a trace: `{"id":3,"rating":4,"title":"Jaws","year":1975}`, the same keys
/// and values as the catalog's, from the same table (`rating` left out when unrated).
extension Movie: Codable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Field.self)
        for field in Field.allCases {
            switch self[field] {
            case .number(let number): try container.encode(number, forKey: field)
            case .text(let text): try container.encode(text, forKey: field)
            case .absent: break
            }
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Field.self)
        self = .unread
        for field in Field.allCases {
            switch field.kind {
            case .number:
                self[field] = .number(try container.decode(Int.self, forKey: field))
            case .optionalNumber:
                let number = try container.decodeIfPresent(Int.self, forKey: field)
                self[field] = number.map(Value.number) ?? .absent
            case .title:
                self[field] = .text(try container.decode(String.self, forKey: field))
            }
        }
    }
}
