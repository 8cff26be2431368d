// Role in the data flow: beside the start of a following session's actions. A session that
// follows a state file (`--follow`) waits for the file to change; on Linux the kernel says when,
// through inotify, instead of the session asking every few milliseconds. These are the calls, each
// retried after a signal, its `errno` read at once; where inotify does not exist, `FileWatch`
// polls instead.

#if canImport(Glibc)
    import Glibc

    /// One event inotify reported: the watch it belongs to, what happened, and the name in the
    /// watched folder it happened to (empty for an event of the folder itself).
    package struct InotifyEvent: Equatable, Sendable {
        /// The watch descriptor `inotifyWatch` returned, or -1 for the queue itself
        /// (`IN_Q_OVERFLOW`: events were lost).
        var watch: Int32
        /// The `IN_…` bits of what happened.
        package var mask: UInt32
        /// The name within the watched folder, without its NUL padding.
        package var name: [UInt8]

        package init(watch: Int32, mask: UInt32, name: [UInt8]) {
            self.watch = watch
            self.mask = mask
            self.name = name
        }
    }

    extension SystemCall {
        /// `inotify_init1(2)` with `IN_NONBLOCK | IN_CLOEXEC`: a new inotify instance, read
        /// without blocking and closed on `exec`.
        package static func inotifyStart() throws(SystemCallError) -> Int32 {
            try checked("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
        }

        /// `inotify_add_watch(2)`: watches `path` for the events in `mask` (`IN_…` bits); the
        /// watch descriptor its events carry.
        package static func inotifyWatch(_ descriptor: Int32, _ path: FileName, mask: UInt32)
            throws(SystemCallError) -> Int32
        {
            try path.withCString { name throws(SystemCallError) in
                try checked("inotify_add_watch") { inotify_add_watch(descriptor, name, mask) }
            }
        }

        /// The events waiting on the inotify instance `descriptor` (non-blocking): none when
        /// there are none yet (`EAGAIN`).
        package static func inotifyEvents(_ descriptor: Int32) throws(SystemCallError)
            -> [InotifyEvent]
        {
            // Room for at least one event with the longest name a folder can hold.
            var buffer = [UInt8](
                repeating: 0, count: MemoryLayout<inotify_event>.size + Int(NAME_MAX) + 1 + 4_096)
            var events: [InotifyEvent] = []
            while true {
                let count = buffer.withUnsafeMutableBytes { raw in
                    retrying { readInotify(descriptor, raw.baseAddress, raw.count) }
                }
                if count < 0 {
                    let code = errno
                    if code == EAGAIN || code == EWOULDBLOCK { return events }
                    throw SystemCallError(call: "read", code: code)
                }
                if count == 0 { return events }
                events += parse(buffer[..<count])
            }
        }

        /// The events in `bytes`, as the kernel lays them out: a fixed header, then `len` bytes
        /// of name padded with NULs.
        private static func parse(_ bytes: ArraySlice<UInt8>) -> [InotifyEvent] {
            let header = MemoryLayout<inotify_event>.size
            var events: [InotifyEvent] = []
            var offset = bytes.startIndex
            while offset + header <= bytes.endIndex {
                let event = bytes.withUnsafeBytes { raw in
                    raw.loadUnaligned(
                        fromByteOffset: offset - bytes.startIndex, as: inotify_event.self)
                }
                let nameStart = offset + header
                let nameEnd = min(bytes.endIndex, nameStart + Int(event.len))
                let name = bytes[nameStart..<nameEnd].prefix { $0 != 0 }
                events.append(InotifyEvent(watch: event.wd, mask: event.mask, name: Array(name)))
                offset = nameEnd
            }
            return events
        }
    }

    /// `read(2)`, under a name no method shadows.
    private func readInotify(
        _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int
    ) -> Int {
        read(descriptor, buffer, count)
    }
#endif
