// Role in the data flow: the view of a session, as the assembly sees it. The line view prints each
// Change as a line; the screen view (`--screen`) keeps the list on a full screen. The assembly
// only needs them to show the list a state file restored, to answer `list`, and to stop.

import MoviesCore
import MoviesViews
import SystemBoundary

/// The view a session draws with: the line view or the screen view.
///
/// The two views share little beyond `ListPresenter`; the assembly needs three things of them (the
/// presenter, the restored list said, the end of drawing), and this enum answers each for both,
/// so the rest of the assembly never asks which view it has.
@MainActor
enum SessionView {
    /// Lines on a pipe, a file, or above the input line at a terminal.
    case line(MoviesViewController)
    /// The full-screen view at a terminal (`--screen`).
    case screen(ScreenView)

    /// The view as the command runner asks it to show the list.
    var presenter: any ListPresenter {
        switch self {
        case .line(let view): view
        case .screen(let view): view
        }
    }

    /// Says that the list came from the state file at `path`, in place of a fetch.
    func showRestored(_ movies: [Movie], from path: FileName) {
        switch self {
        case .line(let view):
            view.showRestored(movies, from: path)
        case .screen(let view):
            view.showMessage(
                "Restored \(Counted(movies.count, "movie")) from \(path.excerpt(limit: 200)).")
        }
    }

    /// Says that the list is the one the state file at `path`, which another session keeps,
    /// holds, and that this session follows it read-only.
    func showFollowing(_ movies: [Movie], in path: FileName) {
        switch self {
        case .line(let view):
            view.showFollowing(movies, in: path)
        case .screen(let view):
            view.showsAnotherSessionsList = true
            view.showMessage(MoviesViewController.followingLine(movies.count, in: path))
        }
    }

    /// Whether what the session said goes when it ends: the screen view's message line goes
    /// with its screen, so what must outlive the session is said again after it.
    var takesMessagesAway: Bool {
        switch self {
        case .line: false
        case .screen: true
        }
    }

    /// Stops drawing Changes once the session is over.
    ///
    /// The screen view draws until the console takes it down, after the session.
    func detach() {
        switch self {
        case .line(let view): view.detach()
        case .screen: break
        }
    }
}
