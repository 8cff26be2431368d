// A follower against a real owner, in-process: a seeded owner script (inserts, deletes, moves,
// renames, ratings, undo, redo, goto, skip, refreshes, compactions, an owner that ends or is killed
// and a new one that starts) runs against a state file, and after every owner commit the follower's rendering (a
// mirror built from its Changes alone) equals the owner's list, and the follower drew the very
// rows the owner drew for each edit. Then what the follower says: a file lost once and found
// again, a change that does not fit, and the watch that wakes it, with inotify and by polling.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesCLI
@testable import MoviesCore
@testable import MoviesFormats
@testable import MoviesViews
@testable import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@MainActor
@Suite("StateFileFollower")
struct StateFileFollowerTests {
    /// A session that owns the state file: its journal (with an `fsync` that does nothing, so a
    /// long script stays fast), its store and the rows its line view drew.
    @MainActor
    final class Owner {
        let journal: StateFileJournal
        let viewModel: MoviesViewModel
        let output = RecordingOutput()
        let view: MoviesViewController
        /// The reloads that gave the list another list (a refresh that fetched the list shown
        /// is a reload too, but changes no row).
        var reloads = 0
        private var subscription: MoviesViewModel.Subscription?

        /// A new owner of the file at `path`, once the one before it has let go.
        ///
        /// The lock of an owner just released can outlive it for an instant: a child process
        /// another test spawns at that moment holds a copy of its descriptor until its `exec`
        /// closes it. A new owner waits that out, as a person starting one would.
        static func start(path: String, api: any MoviesAPI) async throws -> Owner {
            for _ in 0..<200 {
                do {
                    return try Owner(path: path, api: api)
                } catch StateFileJournal.StartError.locked {
                    try await Task.sleep(for: .milliseconds(10))
                }
            }
            return try Owner(path: path, api: api)
        }

        init(path: String, api: any MoviesAPI) throws {
            let (journal, restored) = try StateFileJournal.start(
                path: FileName(path), sync: FileSync { _ throws(SystemCallError) in })
            self.journal = journal
            viewModel = MoviesViewModel(
                api: api, state: restored ?? MoviesState(), middleware: [journal])
            view = MoviesViewController(viewModel: viewModel, output: output)
            subscription = viewModel.subscribe { [weak self] change, state in
                if case .reloaded(let replaced) = change, replaced != state.movies {
                    self?.reloads += 1
                }
            }
        }
    }

    /// A following session: its store, the follower that feeds it, a mirror of the list built
    /// only from the Changes it emitted, the rows its line view drew and what it reported.
    @MainActor
    final class Follower {
        let viewModel: MoviesViewModel
        let follower: StateFileFollower
        let output = RecordingOutput()
        let view: MoviesViewController
        var mirror: MirrorList
        var brokenMirror = false
        var reloads = 0
        var reports: [String] = []
        private var subscription: MoviesViewModel.Subscription?

        init(path: String) throws {
            let (file, movies) = try FollowedStateFile.open(FileName(path))
            let viewModel = MoviesViewModel(api: StubAPI(), state: MoviesState(movies: movies))
            self.viewModel = viewModel
            mirror = MirrorList(movies: movies)
            view = MoviesViewController(viewModel: viewModel, output: output)
            var said: (String) -> Void = { _ in }
            follower = StateFileFollower(file: file, viewModel: viewModel) { said($0) }
            said = { [weak self] in self?.reports.append($0) }
            subscription = viewModel.subscribe { [weak self] change, state in
                guard let self else { return }
                if !self.mirror.apply(change, current: state.movies) { self.brokenMirror = true }
                if case .reloaded = change { self.reloads += 1 }
            }
        }
    }

    /// The rows a line view drew for edits (`+ `, `- `, `↕ `, `~ `), in order, from its write
    /// number `first` on (a view writes whole lines, so any write starts one).
    static func editRows(_ output: RecordingOutput, from first: Int = 0) -> [String] {
        output.writes[min(first, output.writes.count)...]
            .filter { $0.channel == .standard }
            .flatMap { $0.text.split(separator: "\n") }
            .filter {
                $0.hasPrefix("+ ") || $0.hasPrefix("- ") || $0.hasPrefix("↕ ")
                    || $0.hasPrefix("~ ")
            }
            .map(String.init)
    }

    /// Lists a refresh can bring: the sample, then variations of it.
    static let fetched: [[Movie]] = [
        sampleMovies,
        [sampleMovies[2], sampleMovies[0]],
        [Movie(id: 50, title: "Vertigo", year: 1958)] + sampleMovies,
        [],
        sampleMovies.reversed(),
    ]

    /// Seeds of scripts of every kind of step, and one long script of edits only, which passes
    /// the journal's bound (500 lines) and so is compacted mid-session.
    nonisolated static let scripts: [(seed: UInt64, steps: Int, editsOnly: Bool)] = [
        (1, 250, false), (2, 250, false), (3, 250, false), (4, 250, false), (5, 650, true),
    ]

    // MARK: - The property

    @Test(.hangGuard, arguments: scripts)
    func afterEveryOwnerCommitTheFollowerShowsTheOwnersList(
        seed: UInt64, steps: Int, editsOnly: Bool
    ) async throws {
        let file = try TestStateFile(StateFile.snapshot(sampleMovies))
        defer { file.remove() }
        var random = SeededGenerator(seed: seed)
        let api = StubAPI(
            .success(Self.fetched[1]), .success(Self.fetched[2]), .success(Self.fetched[3]),
            .success(Self.fetched[4]), .success(Self.fetched[0]))
        var owner: Owner? = try Owner(path: file.path, api: api)
        let follower = try Follower(path: file.path)
        // What the follower must have drawn: the owner's rows and reloads, step by step, but for
        // a travel that crossed a refresh, which the owner's journal folds into a snapshot.
        var expectedRows: [String] = []
        var expectedReloads = 0
        var followerRows: [String] = []
        var followerWrites = 0
        var folds = 0

        for step in 0..<steps {
            /// How the owner ended, when the step ended it.
            enum Ending { case clean, killed }
            var ending: Ending?
            var what = ""
            var travels = false
            let writesBefore = try #require(owner).output.writes.count
            let reloadsBefore = try #require(owner).reloads
            do {
                let current = try #require(owner)
                let count = current.viewModel.state.movies.count
                let roll = Int.random(in: 0..<100, using: &random)
                func index() -> Int { Int.random(in: 0..<max(count, 1), using: &random) }
                switch editsOnly ? roll % 80 : roll {
                case 0..<22:
                    let at = Int.random(in: 0...count, using: &random)
                    what = "insert at \(at)"
                    _ = try? current.viewModel.insert(
                        title: "Film \(seed)-\(step)", year: 1900 + step % 200, at: at)
                case 22..<36:
                    what = "delete"
                    _ = try? current.viewModel.delete(at: index())
                case 36..<54:
                    what = "move"
                    _ = try? current.viewModel.move(from: index(), to: index())
                case 54..<60:
                    what = "rename"
                    _ = try? current.viewModel.rename(at: index(), to: "Retitled \(step)")
                case 60..<64:
                    what = "rate"
                    _ = try? current.viewModel.rate(at: index(), stars: 1 + step % 5)
                case 64..<68:
                    what = "undo"
                    travels = true
                    _ = try? current.viewModel.undo()
                case 68..<70:
                    let edits = current.viewModel.history.count
                    let target = Int.random(in: 0...edits, using: &random)
                    what = "goto \(target)"
                    travels = true
                    _ = try? current.viewModel.send(.goto(edit: target))
                case 70..<72:
                    let target = Int.random(
                        in: 1...max(current.viewModel.history.point, 1), using: &random)
                    what = "skip \(target)"
                    travels = true
                    _ = try? current.viewModel.send(.skip(edit: target))
                case 72..<80:
                    what = "redo"
                    travels = true
                    _ = try? current.viewModel.redo()
                case 80..<88:
                    what = "refresh"
                    current.viewModel.refresh()
                    await current.viewModel.waitForFetch()
                case 88..<94:
                    // The owner ends with its closing fold; a new owner starts on the file.
                    what = "a new owner after a clean end"
                    current.journal.finish(current.viewModel.state.movies)
                    ending = .clean
                default:
                    // The owner is killed in the middle of a line; the next one cuts it off.
                    what = "a new owner after a kill mid-line"
                    current.journal.commit()
                    ending = .killed
                }
            }
            // The owner of the step (a new one starts below, once this one has let go).
            let drawn = try Self.editRows(#require(owner).output, from: writesBefore)
            let reloaded = try #require(owner).reloads - reloadsBefore
            // A travel across a refresh: its journal holds its rows up to the refresh, then the
            // list it left as a new snapshot. The follower's rows and reloads for it are its own
            // (taken below); its list must still be the owner's, and every later step drawn as
            // the owner's.
            let resynchronizes = travels && reloaded > 0
            if !resynchronizes {
                expectedRows += drawn
                expectedReloads += reloaded
            }
            if let ending {
                owner = nil
                if ending == .killed {
                    let torn = StateFile.journalLine(.deleted(sampleMovies[0], at: 0))
                    let handle = try #require(FileHandle(forWritingAtPath: file.path))
                    try handle.seekToEnd()
                    try handle.write(contentsOf: Data(torn.prefix(torn.count / 2)))
                    try handle.close()
                    follower.follower.catchUp()
                } else {
                    folds += 1
                }
                owner = try await Owner.start(path: file.path, api: api)
            }
            let current = try #require(owner)
            current.journal.commit()
            follower.follower.catchUp()
            // The follower's rows so far, taken a step at a time (the whole output each step
            // would make the test quadratic).
            followerRows += Self.editRows(follower.output, from: followerWrites)
            followerWrites = follower.output.writes.count
            if resynchronizes {
                expectedRows = followerRows
                expectedReloads = follower.reloads
            }

            let context = Comment(rawValue: "seed \(seed), step \(step) (\(what))")
            #expect(follower.viewModel.state.movies == current.viewModel.state.movies, context)
            #expect(follower.mirror.movies == current.viewModel.state.movies, context)
            #expect(!follower.brokenMirror, context)
            #expect(
                followerRows == expectedRows,
                "the follower drew the owner's rows, in order; \(context)")
            // A fold writes the list shown: only a list that differs is drawn whole again.
            #expect(follower.reloads == expectedReloads, context)
            if follower.viewModel.state.movies != current.viewModel.state.movies { return }
        }
        #expect(follower.reports.isEmpty, "nothing was ever lost: \(follower.reports)")
        if editsOnly {
            #expect(Self.editRows(follower.output).count > StateFileJournal.maximumJournalLines)
        } else {
            #expect(folds > 0, "the script ended an owner and started another")
        }
    }

    // MARK: - What the follower says

    @Test func aFileLostIsSaidOnceAndFoundAgainIsSaidAndShown() throws {
        let file = try TestStateFile(StateFile.snapshot(sampleMovies))
        defer { file.remove() }
        let follower = try Follower(path: file.path)
        #expect(unlink(file.path) == 0)
        follower.follower.catchUp()
        follower.follower.catchUp()
        #expect(
            follower.reports == [
                "movies: stopped following \(file.path): No such file or directory; the list "
                    + "shown is the last it held"
            ])
        #expect(follower.viewModel.state.movies == sampleMovies, "the last list it had")
        try write(StateFile.snapshot([sampleMovies[2]]), to: file.path)
        follower.follower.catchUp()
        #expect(follower.reports.last == "movies: following \(file.path) again")
        #expect(follower.viewModel.state.movies == [sampleMovies[2]])
        #expect(follower.mirror.movies == [sampleMovies[2]])
    }

    /// A journal line that the follower's list cannot take (the file was edited by hand under
    /// it) gives the file up, saying which line; nothing after it in the same look is applied.
    @Test func aChangeThatDoesNotFitGivesTheFileUpAndAppliesNothingAfterIt() throws {
        let file = try TestStateFile(StateFile.snapshot(sampleMovies))
        defer { file.remove() }
        let follower = try Follower(path: file.path)
        let handle = try #require(FileHandle(forWritingAtPath: file.path))
        try handle.seekToEnd()
        try handle.write(
            contentsOf: Data(
                StateFile.journalLine(.deleted(sampleMovies[1], at: 0))
                    + StateFile.journalLine(.deleted(sampleMovies[0], at: 0))))
        try handle.close()
        follower.follower.catchUp()
        #expect(follower.viewModel.state.movies == sampleMovies)
        #expect(
            follower.reports == [
                "movies: stopped following \(file.path): line 2: the change does not fit the "
                    + "list at that point; the journal does not belong to this snapshot; the list "
                    + "shown is the last it held"
            ])
    }

    /// Started, the follower is woken by the file's watch and needs no call: with inotify, and
    /// with the polling that stands in where there is none.
    @Test(.hangGuard, arguments: [false, true])
    func theWatchWakesTheFollowerWithInotifyAndByPolling(polling: Bool) async throws {
        let file = try TestStateFile(StateFile.snapshot(sampleMovies))
        defer { file.remove() }
        let follower = try Follower(path: file.path)
        follower.follower.start(polling: polling)
        defer { follower.follower.stop() }
        let owner = try Owner(path: file.path, api: StubAPI())
        for step in 0..<3 {
            try owner.viewModel.move(from: 0, to: 2)
            owner.journal.commit()
            let deadline = ContinuousClock.now + .seconds(60)
            while follower.viewModel.state.movies != owner.viewModel.state.movies,
                ContinuousClock.now < deadline
            {
                try await Task.sleep(for: .milliseconds(5))
            }
            #expect(follower.viewModel.state.movies == owner.viewModel.state.movies, "step \(step)")
        }
        #expect(Self.editRows(follower.output) == Self.editRows(owner.output))
    }
}
