// Role in the data flow: a word the views and the app share. "1 movie", "30 movies": the loading
// indicator, the status line, the screen view's messages, `save` and a restore all count the list
// the same way, so they are worded here once.

/// How a number of movies reads in a message.
package enum MovieCount {
    /// `1 movie`, `0 movies`, `30 movies`.
    package static func text(_ count: Int) -> String {
        count == 1 ? "1 movie" : "\(count) movies"
    }
}
