// Role in the data flow: when a following session (`--follow`) looks at its file again. A thread
// of its own waits for the kernel to say that something happened to the file's name in its folder
// (inotify, where the system has it) or, where it does not, for the next tick of a short poll, and
// wakes the follower, which then reads what is new. It reads nothing itself.
//
//   FILE changes ─► inotify (or a tick) ─► FileWatch's thread ─► changes (AsyncStream)
//     ─► the follower, on the main actor ─► FollowedStateFile.readNew

import Foundation
import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wakes its reader whenever the file at a name may have changed: appended to, cut, replaced by
/// a file renamed over it, removed or created.
///
/// Watching the folder rather than the file is what catches a replacement: a file renamed over
/// the name is a new file, which a watch on the old one would never see. The watch wakes only
/// for events on the file's own name (a fold's temporary file beside it writes a lot), and also
/// every `checkInterval`, so that a change inotify cannot see (a file system of another machine)
/// is still noticed. Without inotify (another system, no watch left, a folder that cannot be
/// watched), it wakes every `pollingInterval` instead.
///
/// A wake only says "look again": several changes may come as one, and a look may find nothing
/// new. The thread ends when the watch is released.
package final class FileWatch: Sendable {
    /// How a watch learns of changes.
    package enum Method: Equatable, Sendable {
        /// The kernel says when (inotify), with a look every `checkInterval` besides.
        case notified
        /// A look every `pollingInterval`.
        case polled
    }

    /// How often a watch without inotify looks: a change is seen this long after it at worst,
    /// well inside the 100 ms a follower's row may take.
    static let pollingInterval = 20
    /// How often a watch with inotify looks anyway, in milliseconds.
    static let checkInterval = 500

    /// How this watch learns of changes.
    package let method: Method
    /// One element whenever the file may have changed; changes that come while the reader is
    /// busy are one element.
    package let changes: AsyncStream<Void>
    /// The writing end of the pipe that wakes the thread: closing it ends the watch.
    private let stopper: Int32

    /// Watches the file named `name` (its links followed already: the folder watched is the
    /// one it is in).
    ///
    /// `nil` only when the thread cannot be woken to end it (no pipe can be made).
    /// - Parameters:
    ///   - polling: poll even where inotify exists (for the tests of the fallback).
    ///   - checkInterval: how often a notified watch looks anyway, in milliseconds (tests make
    ///     it long, to see the notifications alone).
    package init?(name: FileName, polling: Bool = false, checkInterval: Int = checkInterval) {
        guard let ends = try? SystemCall.makePipe() else { return nil }
        let (stream, continuation) = AsyncStream.makeStream(
            of: Void.self, bufferingPolicy: .bufferingNewest(1))
        changes = stream
        stopper = ends.write
        let stopped = ends.read
        let events = polling ? nil : Self.notifier(for: name)
        method = events == nil ? .polled : .notified
        let base = name.lastComponent
        let thread = Thread {
            defer {
                SystemCall.close(stopped)
                if let events { SystemCall.close(events) }
                continuation.finish()
            }
            Self.watch(events, name: base, every: checkInterval, stoppedBy: stopped) {
                continuation.yield()
            }
        }
        thread.name = "file watch"
        thread.start()
    }

    deinit {
        SystemCall.close(stopper)
    }

    /// The descriptor of an inotify instance watching the folder of `name` for what can happen
    /// to a file in it, or `nil` where there is none to be had.
    private static func notifier(for name: FileName) -> Int32? {
        #if canImport(Glibc)
            guard let descriptor = try? SystemCall.inotifyStart() else { return nil }
            let mask = UInt32(
                IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
                    | IN_DELETE_SELF | IN_MOVE_SELF)
            guard (try? SystemCall.inotifyWatch(descriptor, name.directory, mask: mask)) != nil
            else {
                SystemCall.close(descriptor)
                return nil
            }
            return descriptor
        #else
            return nil
        #endif
    }

    /// Calls `wake` whenever the file may have changed, until `stopped` is readable or hung
    /// up; with `events`, as inotify reports events on `name` (a name in the watched folder)
    /// and every `checkInterval` milliseconds, else every `pollingInterval`.
    private static func watch(
        _ events: Int32?, name: [UInt8], every checkInterval: Int, stoppedBy stopped: Int32,
        wake: () -> Void
    ) {
        var notifier = events
        while true {
            var waiting = [pollfd(fd: stopped, events: Int16(POLLIN), revents: 0)]
            if let notifier {
                waiting.append(pollfd(fd: notifier, events: Int16(POLLIN), revents: 0))
            }
            let timeout = Int32(notifier == nil ? pollingInterval : checkInterval)
            guard let ready = try? SystemCall.pollReady(&waiting, timeout: timeout) else {
                return
            }
            if waiting[0].revents != 0 { return }
            guard ready > 0, let current = notifier else {
                wake()
                continue
            }
            switch concern(ofEventsOn: current, name: name) {
            case .name: wake()
            case .nothing: break
            case .lostTheFolder:
                // The folder itself went (or moved): nothing more will be reported for it, so
                // look on every tick from now on.
                notifier = nil
                wake()
            }
        }
    }

    /// What events in the watched folder say about the file called `name` there.
    enum Concern: Equatable {
        /// Nothing that happened to it.
        case nothing
        /// Something happened to the file of that name, or events were lost.
        case name
        /// The watched folder is gone: no more events will come.
        case lostTheFolder
    }

    /// What the events waiting on the inotify instance `descriptor` say about `name`.
    private static func concern(ofEventsOn descriptor: Int32, name: [UInt8]) -> Concern {
        #if canImport(Glibc)
            guard let events = try? SystemCall.inotifyEvents(descriptor) else {
                return .lostTheFolder
            }
            return concern(of: events, name: name)
        #else
            return .nothing
        #endif
    }

    #if canImport(Glibc)
        /// What `events` say about the file called `name` in the watched folder: only events on
        /// that name count (a fold's temporary file beside it writes a lot), and events lost
        /// from the queue might have been about it.
        static func concern(of events: [InotifyEvent], name: [UInt8]) -> Concern {
            var concern = Concern.nothing
            for event in events {
                let gone = UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT)
                if event.mask & gone != 0 { return .lostTheFolder }
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 || event.name == name {
                    concern = .name
                }
            }
            return concern
        }
    #endif
}
