// Role in the data flow: beside the end of the line. A thread that must wait on more than one
// descriptor at once waits here: the watch on a reader of the app's output waits for that reader to
// leave or for its own pipe to end the watch, and the tests wait on a terminal's output with a
// time bound.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemCall {
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
