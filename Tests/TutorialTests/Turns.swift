// Role: the tutorial's bridge tests wait here for work they started on the main
// actor: a screen's `.task`, a table drawn again on the main queue's next turn.
// Each wait gives up the main actor a bounded number of times, so a wait that
// nothing ends fails its test instead of hanging the run.

import Testing

/// Gives up the main actor until `condition` holds, a bounded number of times;
/// records an issue naming `what` if it never does.
@MainActor
func waitUntil(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) async {
    var turns = 0
    while !condition(), turns < 10_000 {
        await Task.yield()
        turns += 1
    }
    if !condition() {
        Issue.record("\(what) never happened", sourceLocation: sourceLocation)
    }
}
