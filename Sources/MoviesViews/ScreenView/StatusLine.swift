// Role in the data flow: a subscriber of its own, to a derived state. The screen view's status line
// shows only the list's size and the fetch status, so it subscribes to that summary rather than to
// every Change: the store delivers a new summary only when it differs, and a move (which changes
// neither) never repaints the status line. While a fetch runs, a spinner animates one cell.
//
//   MoviesViewModel ─► subscribe(derived: Summary) ─► StatusLine ─► ScreenView draws the row

import MoviesCore
import SystemBoundary

/// The status line of the screen view: `30 movies · loaded`, `⠹ Loading movies…`, or the failure.
@MainActor
final class StatusLine {
    /// What the status line shows, derived from the state; `Equatable`, so the store can tell
    /// when it changed.
    struct Summary: Equatable, Sendable {
        var count: Int
        var fetch: FetchStatus

        init(_ state: MoviesState) {
            count = state.movies.count
            fetch = state.fetchStatus
        }
    }

    /// The spinner's frames, one cell each.
    static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// How long each spinner frame shows.
    static let frameDuration = Duration.milliseconds(100)

    private(set) var summary: Summary
    private(set) var frame = 0
    private var subscription: MoviesViewModel.Subscription?
    private var spinner: Task<Void, Never>?
    /// Draws the whole line (its text is given).
    private let redraw: @MainActor (String) -> Void
    /// Draws one spinner frame in the line's first cell.
    private let redrawSpinner: @MainActor (Character) -> Void
    /// Whether to run the spinner's timer (tests step it by hand).
    private let animates: Bool

    /// Subscribes to `viewModel`'s summary; `redraw` is called now and whenever it changes.
    init(
        viewModel: MoviesViewModel,
        animates: Bool = true,
        redraw: @escaping @MainActor (String) -> Void,
        redrawSpinner: @escaping @MainActor (Character) -> Void
    ) {
        summary = Summary(viewModel.state)
        self.animates = animates
        self.redraw = redraw
        self.redrawSpinner = redrawSpinner
        subscription = viewModel.subscribe(derived: Summary.init) { [weak self] summary in
            self?.show(summary)
        }
    }

    /// Stops listening and animating.
    func detach() {
        subscription?.cancel()
        subscription = nil
        spinner?.cancel()
        spinner = nil
    }

    /// The line's text for the current summary.
    var text: String {
        let movies = MovieCount.text(summary.count)
        switch summary.fetch {
        case .idle: return movies
        case .loading: return "\(Self.frames[frame]) Loading movies… (\(movies) shown)"
        case .loaded: return "\(movies) · loaded"
        case .failed(let reason):
            return "\(movies) · could not load: \(TerminalText.safe(reason)) — type refresh"
        }
    }

    /// Shows the next spinner frame; only the spinner's cell is redrawn.
    func advanceSpinner() {
        guard summary.fetch == .loading else { return }
        frame = (frame + 1) % Self.frames.count
        redrawSpinner(Self.frames[frame])
    }

    private func show(_ summary: Summary) {
        self.summary = summary
        redraw(text)
        if summary.fetch == .loading {
            startSpinner()
        } else {
            spinner?.cancel()
            spinner = nil
        }
    }

    private func startSpinner() {
        guard animates, spinner == nil else { return }
        spinner = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.frameDuration)
                guard !Task.isCancelled else { return }
                self?.advanceSpinner()
            }
        }
    }
}
