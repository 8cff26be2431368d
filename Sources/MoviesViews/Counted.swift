// Role in the data flow: words the views and the app share. A message that counts something
// ("1 movie", "2 edits are", "keep it", "keep them") takes its words from here, so that every
// message agrees with its number in one place and none picks its own plural.

/// A number of things, and the words that agree with it.
///
/// ```swift
/// let edits = Counted(unsaved, "edit")
/// "\(edits) \(edits.isOrAre) not saved; type save FILE to keep \(edits.itOrThem)"
/// // 1 edit is not saved; type save FILE to keep it
/// // 2 edits are not saved; type save FILE to keep them
/// ```
package struct Counted: CustomStringConvertible, Equatable, Sendable {
    /// How many there are.
    package let count: Int
    private let singular: String
    private let plural: String

    /// `count` things, each called `singular`; `plural` names more or fewer than one (by
    /// default, `singular` and an `s`).
    package init(_ count: Int, _ singular: String, plural: String? = nil) {
        self.count = count
        self.singular = singular
        self.plural = plural ?? singular + "s"
    }

    /// The number and the noun: `1 edit`, `0 edits`, `2 edits`.
    package var description: String {
        "\(count) \(noun)"
    }

    /// The noun alone: `edit` or `edits`.
    package var noun: String {
        word(one: singular, other: plural)
    }

    /// The noun alone for one, else the number and the noun, for a phrase that reads without the
    /// one: `the last edit`, `the last 2 edits`.
    package var omittingOne: String {
        count == 1 ? singular : description
    }

    /// `is` or `are`.
    package var isOrAre: String { word(one: "is", other: "are") }

    /// `was` or `were`.
    package var wasOrWere: String { word(one: "was", other: "were") }

    /// `it` or `them`.
    package var itOrThem: String { word(one: "it", other: "them") }

    /// `one` when there is one thing, `other` for any other number: the one rule every word
    /// above follows (`matches` / `match`).
    package func word(one: String, other: String) -> String {
        count == 1 ? one : other
    }
}
