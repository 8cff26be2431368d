// Role in the data flow: how a failed call into the C library travels up. The wrappers of
// `SystemCall` throw it with `errno` read at once, right after the call, so nothing in between can
// change it; the caller adds which file it was about and shows the system's own words.

/// A call into the C library that failed: which call, and the `errno` it left.
package struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call's name, such as `open` or `flock`.
    private var call: String
    /// `errno` right after the call.
    package var code: Int32

    package init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// The system's words for `code`, such as "No such file or directory".
    package var reason: String {
        SystemCall.reason(code)
    }

    /// `open: No such file or directory`.
    package var description: String {
        "\(call): \(reason)"
    }
}
