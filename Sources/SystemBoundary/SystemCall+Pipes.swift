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
}
