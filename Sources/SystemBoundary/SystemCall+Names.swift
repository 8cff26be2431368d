// Role in the data flow: a file's names in its directory. An atomic write renames its temporary
// file over the target and removes it on failure; a state file reached through a symbolic link is
// replaced where the link leads, never in the link's place.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemCall {
    /// `rename(2)`: gives the file at `source` the name `destination`, replacing what was there,
    /// in one step.
    package static func rename(_ source: FileName, to destination: FileName)
        throws(SystemCallError)
    {
        _ = try source.withCString { from throws(SystemCallError) in
            try destination.withCString { to throws(SystemCallError) in
                try checked("rename") { renameFile(from, to) }
            }
        }
    }

    /// `unlink(2)`: removes the name `path` (a link itself, never what it leads to).
    package static func unlink(_ path: FileName) throws(SystemCallError) {
        _ = try path.withCString { name throws(SystemCallError) in
            try checked("unlink") { unlinkFile(name) }
        }
    }

    /// `readlink(2)`: where the symbolic link `path` leads, as the bytes the link holds; `nil`
    /// when `path` is not a link (or is not there).
    package static func linkTarget(of path: FileName) -> FileName? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let capacity = buffer.count - 1
        let length = path.withCString { name in
            // Every failure (`EINVAL`: not a link, `ENOENT`: nothing there) means "no link here".
            (try? checked("readlink") { readlink(name, &buffer, capacity) }) ?? 0
        }
        guard length > 0 else { return nil }
        return FileName(bytes: buffer[..<length].map { UInt8(bitPattern: $0) })
    }
}

/// `rename(2)`, under a name no method shadows.
private func renameFile(_ source: UnsafePointer<CChar>, _ destination: UnsafePointer<CChar>)
    -> Int32
{
    rename(source, destination)
}

/// `unlink(2)`, under a name no method shadows.
private func unlinkFile(_ name: UnsafePointer<CChar>) -> Int32 {
    unlink(name)
}
