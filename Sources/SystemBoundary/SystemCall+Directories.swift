// Role in the data flow: what lies next to a file. A start of a state file and a `save` look for
// the temporary files that a write killed halfway left beside their target.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemCall {
    /// `opendir(3)`, `readdir(3)`: the names in the directory at `path`, as bytes.
    package static func entries(of path: FileName) throws(SystemCallError) -> [[UInt8]] {
        let opened = path.withCString { opendir($0) }
        guard let stream = opened else { throw SystemCallError(call: "opendir", code: errno) }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) })
        }
        return names
    }
}
