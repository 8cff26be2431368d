// Role in the data flow: the very first input. The process's arguments are read here as the bytes
// the kernel passed, before anything decodes them, so that a file's name reaches `Options` (and
// from there every system call) exactly as the user typed it.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The arguments this process was started with, byte for byte.
package enum ProcessArguments {
    /// Every argument, the program's name first, as its bytes.
    ///
    /// `CommandLine.arguments` decodes each argument as UTF-8 and repairs what is not with U+FFFD:
    /// `$'real\xff.json'` would name another file. `unsafeArgv` is what the kernel passed.
    package static func bytes() -> [[UInt8]] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            let count = strlen(argument)
            return argument.withMemoryRebound(to: UInt8.self, capacity: count) {
                Array(UnsafeBufferPointer(start: $0, count: count))
            }
        }
    }
}
