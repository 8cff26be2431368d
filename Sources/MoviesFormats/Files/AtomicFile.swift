// Role in the data flow: the way out to disk. `save FILE` and the state file's compaction write a
// whole new file through here, so that a crash at any instant leaves either the old file or the new
// one, complete, and never a mix or a half.

import MoviesCore
import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces files atomically and durably.
///
/// The recipe: write a temporary file next to the target, `fsync` it, `rename` it over the
/// target (atomic within one file system), then `fsync` the directory so the rename itself
/// survives a power cut. Any failure removes the temporary file and leaves the target as it was.
package enum AtomicFile {
    /// Replaces the file at `path` with `bytes`.
    ///
    /// A symbolic link at `path` is followed, so the file it points to is replaced and the link
    /// kept. `sync` is the `fsync` used for the file and its directory (tests make it fail).
    package static func replace(
        _ path: String, with bytes: [UInt8], sync: FileSync = .system
    ) throws(FileError) {
        let descriptor = try replaceKeepingOpen(path, with: bytes, sync: sync)
        close(descriptor)
    }

    /// Replaces the file at `path` with `bytes` and returns a descriptor of the new file, open
    /// for writing at its end.
    ///
    /// `beforeRename` runs on the new, complete file just before it takes the old one's place:
    /// the state file takes its lock there, so no other process can open the new file unlocked.
    static func replaceKeepingOpen(
        _ path: String,
        with bytes: [UInt8],
        sync: FileSync = .system,
        beforeRename: (Int32) throws(FileError) -> Void = { _ throws(FileError) in }
    ) throws(FileError) -> Int32 {
        let target = resolvedPath(path)
        let directory = directoryName(of: target)
        let existingMode = try modeOfRegularFile(target, path: path)
        let temporary = "\(directory)/.\(baseName(of: target)).\(getpid()).tmp"
        let descriptor = try createTemporaryFile(temporary, path: path)
        do throws(FileError) {
            // The old file's permissions, before any byte is written: a private file stays
            // private, even while the new one is being written.
            if let existingMode, fchmod(descriptor, existingMode) != 0 {
                throw FileError(path: path, errno: errno)
            }
            try writeAll(bytes, to: descriptor, path: path)
            guard sync.call(descriptor) == 0 else { throw FileError(path: path, errno: errno) }
            try beforeRename(descriptor)
            guard rename(temporary, target) == 0 else { throw FileError(path: path, errno: errno) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        // The new file is in place; making the rename durable is the last step. If it fails the
        // file is still whole, but the caller must not claim it is safe on disk.
        do throws(FileError) {
            try syncDirectory(directory, path: path, sync: sync)
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// The permission bits of the file at `target`, `nil` when there is none yet; throws when
    /// it is something else than a regular file (a FIFO or a device would be replaced by one).
    private static func modeOfRegularFile(_ target: String, path: String) throws(FileError)
        -> mode_t?
    {
        var status = stat()
        guard stat(target, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw FileError(path: path, errno: errno)
        }
        switch FileKind(irregular: status) {
        case nil: break
        case .directory: throw FileError(path: path, errno: EISDIR)
        case .some: throw FileError(path: path, reason: "not a regular file, so it is not replaced")
        }
        return status.st_mode & 0o7777
    }

    /// Creates the temporary file `temporary`, new and never through a link (`O_EXCL`,
    /// `O_NOFOLLOW`), so nothing planted under its name can redirect the write.
    ///
    /// A file already there is a leftover of a killed process that had this pid, or planted:
    /// it is removed (a link itself, never what it points to) and the creation tried once more.
    private static func createTemporaryFile(_ temporary: String, path: String) throws(FileError)
        -> Int32
    {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        var descriptor = open(temporary, flags, 0o644)
        if descriptor < 0 && errno == EEXIST {
            unlink(temporary)
            descriptor = open(temporary, flags, 0o644)
        }
        guard descriptor >= 0 else { throw FileError(path: path, errno: errno) }
        return descriptor
    }

    /// Writes all of `bytes` to `descriptor`, or throws the reason naming `path`.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileError) {
        if let code = SystemCall.writeAll(bytes, to: descriptor) {
            throw FileError(path: path, errno: code)
        }
    }

    /// Flushes a directory's entries (a rename, a new file) to disk.
    static func syncDirectory(_ directory: String, path: String, sync: FileSync = .system)
        throws(FileError)
    {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(path: path, errno: errno) }
        defer { close(descriptor) }
        guard sync.call(descriptor) == 0 else { throw FileError(path: path, errno: errno) }
    }

    /// `path` with a symbolic link at its end followed (once per link, up to a bound), so that
    /// replacing the file keeps the user's link.
    static func resolvedPath(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return current }
            let link = String(
                decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : directoryName(of: current) + "/" + link
        }
        return current
    }

    /// The directory part of `path` (`.` for a bare name).
    static func directoryName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = path[..<slash]
        return directory.isEmpty ? "/" : String(directory)
    }

    /// The last component of `path`.
    static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
