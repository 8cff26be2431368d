// Role in the data flow: a subscriber of its own, to a derived state. The screen view's status line
// shows only the list's size, the fetch status and, while a find is on, how many movies match, so
// it subscribes to that summary rather than to every Change: the store delivers a new summary
// only when it differs, and a move (which changes none of them) never repaints the status line.
// While a fetch runs, a spinner animates one cell.
//
//   MoviesViewModel ─► subscribe(derived: Summary) ─► StatusLine ─► ScreenView draws the row

import MoviesCore
import SystemBoundary
import TerminalIO

/// The status line of the screen view: `30 movies · loaded`, `⠹ Loading movies…`, the failure,
/// or with a find on, `3 of 30 movies match “the” · loaded`.
@MainActor
final class StatusLine {
    /// What the status line shows, derived from the state and the find on screen; `Equatable`,
    /// so the store can tell when it changed.
    struct Summary: Equatable, Sendable {
        var count: Int
        var fetch: FetchStatus
        /// The find the list shows and how many movies match it; `nil` while every movie shows.
        var find: Matches?

        init(_ state: MoviesState, find: Matches?) {
            count = state.movies.count
            fetch = state.fetchStatus
            self.find = find
        }
    }

    /// A search and how many movies match it.
    struct Matches: Equatable, Sendable {
        var search: TitleSearch
        var count: Int
    }

    /// The spinner's frames, one cell each.
    static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// How long each spinner frame shows.
    static let frameDuration = Duration.milliseconds(100)

    private(set) var summary: Summary
    private(set) var frame = 0
    private let viewModel: MoviesViewModel
    private var subscription: MoviesViewModel.Subscription?
    private var spinner: Task<Void, Never>?
    /// The find on screen, with its matches counted, as the view has it now.
    private let find: @MainActor () -> Matches?
    /// Draws the whole line (its text is given).
    private let redraw: @MainActor (String) -> Void
    /// Draws one spinner frame in the line's first cell.
    private let redrawSpinner: @MainActor (Character) -> Void
    /// Whether to run the spinner's timer (tests step it by hand).
    private let animates: Bool
    /// How many cells wide the line is now.
    private let columns: @MainActor () -> Int

    /// Subscribes to `viewModel`'s summary; `redraw` is called now and whenever it changes.
    ///
    /// `find` is read after every Change. The screen view subscribed to the store before this
    /// line did, and subscribers are called in the order they subscribed, so by then its find
    /// has taken the Change and counts the matches after it.
    ///
    /// `columns` says how wide the line is; a find's quoted text is cut to fit it.
    init(
        viewModel: MoviesViewModel,
        animates: Bool = true,
        columns: @escaping @MainActor () -> Int = { Int.max },
        find: @escaping @MainActor () -> Matches? = { nil },
        redraw: @escaping @MainActor (String) -> Void,
        redrawSpinner: @escaping @MainActor (Character) -> Void
    ) {
        summary = Summary(viewModel.state, find: find())
        self.viewModel = viewModel
        self.animates = animates
        self.columns = columns
        self.find = find
        self.redraw = redraw
        self.redrawSpinner = redrawSpinner
        subscribe()
    }

    /// Subscribes to the summary; the store calls `show` now, and after each Change that alters
    /// it.
    private func subscribe() {
        let find = self.find
        subscription = viewModel.subscribe(
            derived: { Summary($0, find: find()) },
            { [weak self] summary in self?.show(summary) })
    }

    /// Stops listening and animating.
    func detach() {
        subscription?.cancel()
        subscription = nil
        spinner?.cancel()
        spinner = nil
    }

    /// Shows the find part anew, after the view turned a find on or off.
    ///
    /// The store compares each summary with the last one it delivered, which was derived with
    /// the find that was on then: subscribing again makes it start from the summary with the
    /// find on now, and draws the line with it.
    func findChanged() {
        subscription?.cancel()
        subscribe()
    }

    /// The line's text for the current summary, at the line's width now.
    ///
    /// The state (`· loaded`, a failure's reason) is what the line is for: a find's quoted text
    /// is cut to leave room for it, never the state. (The view still cuts the whole line to the
    /// window, for a window too narrow for the state itself.)
    var text: String {
        let (before, after): (String, String) =
            switch summary.fetch {
            case .idle: ("", "")
            case .loading:
                ("\(Self.frames[frame]) Loading movies… (", summary.find == nil ? " shown)" : ")")
            case .loaded: ("", " · loaded")
            case .failed(let reason):
                ("", " · could not load: \(TerminalText.safe(reason)) — type refresh")
            }
        let room = columns() - DisplayWidth.atMost(before + after)
        let shown =
            summary.find.map {
                $0.search.summary(matches: $0.count, of: summary.count, fitting: room)
            } ?? Counted(summary.count, "movie").description
        return before + shown + after
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
