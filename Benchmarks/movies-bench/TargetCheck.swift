// Role in the benchmark: the targets, checked. Each target becomes one line of the report
// saying what was aimed for, what was measured and whether it was met. Nothing fails on a miss: the
// benchmark reports, and a person decides (a timing is no assertion on a shared CI machine).

/// One target and how this run fared against it.
struct TargetCheck: Codable, Equatable, Sendable {
    /// What a target is about; the page finds each section's targets by it.
    ///
    /// A closed enum rather than the `subject` text, which names the size and varies with the
    /// run: the page asks whether a section met all its targets without parsing that text, and a
    /// topic spelled wrong does not compile, where a string would quietly match no target.
    enum Topic: String, Codable, Equatable, Sendable {
        case dispatch, middleware, redraw, load, undo, history, undoRefresh, script, restore
        case screen, find, findScreen, follow, travel, travelHistory
    }

    var topic: Topic
    /// The section and size it belongs to, such as "dispatch N=10,000".
    var subject: String
    /// The target, such as "store/raw ≤ 1.2, no copy".
    var goal: String
    /// The figure measured in this run.
    var measured: String
    var met: Bool
}
