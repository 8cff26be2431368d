// Role in the data flow: beside the end of the line. The watch on a reader of the app's output
// waits on a pipe of its own, which wakes its thread when the watch ends.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemCall {
    /// `pipe(2)`: a new pipe, both ends closed on `exec` (so no child process holds it open).
    package static func makePipe() throws(SystemCallError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        _ = try checked("pipe") { pipe(&ends) }
        do {
            for end in ends { try closeOnExec(end) }
        } catch {
            for end in ends { close(end) }
            throw error
        }
        return (ends[0], ends[1])
    }

    /// `poll(2)`: waits until one of `requests` is ready (or for `timeout` milliseconds; -1 for
    /// as long as it takes); how many are, each saying how in its `revents`.
    package static func pollReady(_ requests: inout [pollfd], timeout: Int32)
        throws(SystemCallError) -> Int
    {
        let count = nfds_t(requests.count)
        return Int(try checked("poll") { pollDescriptors(&requests, count, timeout) })
    }
}

/// `poll(2)`, under a name no method shadows.
private func pollDescriptors(_ requests: inout [pollfd], _ count: nfds_t, _ timeout: Int32)
    -> Int32
{
    poll(&requests, count, timeout)
}
