// The watch that wakes a follower: with inotify and with the polling fallback, a write to the file,
// a file renamed over its name and its removal each wake it within a bounded wait; with inotify,
// only events on the file's own name count, and a watch whose folder goes keeps looking.

import Foundation
import MoviesTestSupport
import Testing

@testable import MoviesFormats
@testable import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("FileWatch")
struct FileWatchTests {
    /// The wakes of a watch, counted by one task that takes its changes for as long as the
    /// test lasts (a stream whose consumer is cancelled ends).
    private final class Wakes: Sendable {
        private let counter = Counter()
        private let task: Task<Void, Never>

        private actor Counter {
            var count = 0
            func add() { count += 1 }
        }

        init(_ watch: FileWatch) {
            let counter = self.counter
            task = Task {
                for await _ in watch.changes { await counter.add() }
            }
        }

        deinit { task.cancel() }

        /// How many times the watch woke so far.
        var count: Int {
            get async { await counter.count }
        }

        /// Waits until the watch has woken more than `count` times, at most `limit`; whether
        /// it did.
        ///
        /// The bound is generous: in a full test run the tasks that count and wait can queue
        /// for seconds behind other tests, though the watch's own thread wakes at once.
        func wake(past count: Int, within limit: Duration = .seconds(60)) async -> Bool {
            let deadline = ContinuousClock.now + limit
            while ContinuousClock.now < deadline {
                if await counter.count > count { return true }
                try? await Task.sleep(for: .milliseconds(5))
            }
            return false
        }
    }

    /// Each way a file's name can change wakes the watch, by either method.
    ///
    /// The notified watch looks by itself only once a minute here, so each wake is the kernel's.
    @Test(arguments: [false, true])
    func aWriteARenameOverTheNameAndARemovalEachWakeTheWatch(polling: Bool) async throws {
        let file = try TestStateFile(Array("[]\n".utf8))
        defer { file.remove() }
        let watch = try #require(
            FileWatch(name: FileName(file.path), polling: polling, checkInterval: 60_000))
        let wakes = Wakes(watch)
        #if canImport(Glibc)
            #expect(watch.method == (polling ? .polled : .notified))
            if !polling {
                // Writes beside the file (a fold's temporary file) do not wake it.
                let before = await wakes.count
                try write(Array("x".utf8), to: file.directory.path(".movies.state.1.tmp"))
                #expect(!(await wakes.wake(past: before, within: .milliseconds(300))))
            }
        #endif
        var before = await wakes.count
        let handle = try #require(FileHandle(forWritingAtPath: file.path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("x".utf8))
        try handle.close()
        #expect(await wakes.wake(past: before), "a write")
        before = await wakes.count
        let other = file.directory.path("other")
        try write(Array("[]\n".utf8), to: other)
        #expect(rename(other, file.path) == 0)
        #expect(await wakes.wake(past: before), "a rename over the name")
        before = await wakes.count
        #expect(unlink(file.path) == 0)
        #expect(await wakes.wake(past: before), "a removal")
    }

    #if canImport(Glibc)
        /// Only what happens to the file's own name counts: a fold's temporary file beside it
        /// writes a lot, and must not wake the follower for each write.
        @Test func onlyEventsOnTheFilesOwnNameCount() {
            let name = Array("movies.state".utf8)
            let beside = InotifyEvent(
                watch: 1, mask: UInt32(IN_MODIFY), name: Array(".movies.state.77.tmp".utf8))
            let own = InotifyEvent(watch: 1, mask: UInt32(IN_MOVED_TO), name: name)
            let overflow = InotifyEvent(watch: -1, mask: UInt32(IN_Q_OVERFLOW), name: [])
            let folderGone = InotifyEvent(watch: 1, mask: UInt32(IN_DELETE_SELF), name: [])
            #expect(FileWatch.concern(of: [beside, beside], name: name) == .nothing)
            #expect(FileWatch.concern(of: [beside, own], name: name) == .name)
            #expect(FileWatch.concern(of: [overflow], name: name) == .name)
            #expect(FileWatch.concern(of: [own, folderGone], name: name) == .lostTheFolder)
        }

        /// The kernel's events as the wrappers read them: the name of each, without padding.
        @Test func inotifyReportsEventsByName() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let instance = try SystemCall.inotifyStart()
            defer { SystemCall.close(instance) }
            _ = try SystemCall.inotifyWatch(
                instance, FileName(directory.path), mask: UInt32(IN_CREATE))
            #expect(try SystemCall.inotifyEvents(instance).isEmpty, "none yet, and no wait")
            try write([], to: directory.path("a"))
            try write([], to: directory.path("longer name"))
            let names = try SystemCall.inotifyEvents(instance).map {
                String(decoding: $0.name, as: UTF8.self)
            }
            #expect(names == ["a", "longer name"])
        }
    #endif

    /// A watch whose folder is removed keeps looking (by polling), so a follower whose folder
    /// comes back is still woken.
    @Test func aWatchWhoseFolderGoesKeepsWaking() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = directory.path("folder")
        #expect(mkdir(folder, 0o755) == 0)
        let watch = try #require(
            FileWatch(name: FileName(folder + "/movies.state"), checkInterval: 60_000))
        let wakes = Wakes(watch)
        let before = await wakes.count
        #expect(rmdir(folder) == 0)
        #expect(await wakes.wake(past: before))
        #expect(await wakes.wake(past: before + 1), "and again: it polls now")
    }
}
