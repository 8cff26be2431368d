// Role in the data flow: before anything runs, after every argument is read. Some options make no
// sense together; the option that refuses others says so in its reference, as an `OptionConflict`,
// and the parser turns a refused pair into a usage error whose words come from here.

/// The options that one option refuses beside it, and why.
struct OptionConflict: Sendable {
    /// Which other options are refused.
    enum Refused: Sendable {
        /// These options.
        case these([any Option.Type])
        /// Every option but these.
        case allBut([any Option.Type])
    }

    /// Which other options are refused.
    let refused: Refused
    /// Why, in the words of the message.
    let reason: String

    /// Refuses `options`: "NAME REASON; it takes no A or B".
    static func these(_ options: any Option.Type..., because reason: String) -> OptionConflict {
        OptionConflict(refused: .these(options), reason: reason)
    }

    /// Refuses every option but `options`: "NAME takes no other options; REASON".
    static func allBut(_ options: any Option.Type..., because reason: String) -> OptionConflict {
        OptionConflict(refused: .allBut(options), reason: reason)
    }

    /// The usage error for `option` given with `given` (every option given, itself included),
    /// or `nil` when it refuses none of them.
    func refusal(by option: any Option.Type, among given: [any Option.Type]) -> Options.Error? {
        let name = option.reference.name
        switch refused {
        case .these(let options):
            guard given.contains(where: { one in options.contains { $0 == one } }) else {
                return nil
            }
            let names = options.map { $0.reference.name }
            let list =
                names.count > 1
                ? names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
                : names.joined()
            return Options.Error(description: "\(name) \(reason); it takes no \(list)")
        case .allBut(let options):
            let others = given.filter { one in one != option && !options.contains { $0 == one } }
            guard !others.isEmpty else { return nil }
            return Options.Error(description: "\(name) takes no other options; \(reason)")
        }
    }
}
