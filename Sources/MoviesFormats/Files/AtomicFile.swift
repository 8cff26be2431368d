// Role in the data flow: the way out to disk. `save FILE` and the state file's compaction write a
// whole new file through here, so that a crash at any instant leaves either the old file or the new
// one, complete, and never a mix or a half.

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
        _ path: FileName, with bytes: [UInt8], sync: FileSync = .system
    ) throws(FileError) {
        let descriptor = try replaceKeepingOpen(
            resolvedPath(path), reportedAs: path, with: bytes, sync: sync)
        SystemCall.close(descriptor)
    }

    /// Replaces the file named `target` with `bytes` and returns a descriptor of the new file,
    /// open for writing at its end; errors name `path`, the name the user gave.
    ///
    /// `target` is replaced as it is, never through a link: the caller has followed the links
    /// already (`resolvedPath`), or knows the name of the very file it means. `beforeRename` runs
    /// on the new, complete file just before it takes the old one's place: the state file takes
    /// its lock there, and checks that `target` is still the file it holds.
    ///
    /// `syncingDirectory: false` leaves the last step, the directory's `fsync`, to the caller
    /// (`syncDirectory`), which then knows that a failure there came with the new file in place.
    static func replaceKeepingOpen(
        _ target: FileName,
        reportedAs path: FileName,
        with bytes: [UInt8],
        sync: FileSync = .system,
        syncingDirectory: Bool = true,
        beforeRename: (Int32) throws(FileError) -> Void = { _ throws(FileError) in }
    ) throws(FileError) -> Int32 {
        let directory = target.directory
        let existingMode = try modeOfRegularFile(target, path: path)
        removeLeftovers(of: target)
        let temporary = temporaryName(of: target)
        let descriptor = try createTemporaryFile(temporary, path: path)
        do throws(FileError) {
            do {
                // The old file's permissions, before any byte is written: a private file stays
                // private, even while the new one is being written.
                if let existingMode { try SystemCall.changeMode(of: descriptor, to: existingMode) }
                try SystemCall.writeFully(bytes, to: descriptor)
                try sync.call(descriptor)
            } catch {
                throw FileError(path: path, error)
            }
            try beforeRename(descriptor)
            do {
                try SystemCall.rename(temporary, to: target)
            } catch {
                throw FileError(path: path, error)
            }
        } catch {
            SystemCall.close(descriptor)
            try? SystemCall.unlink(temporary)
            throw error
        }
        // The new file is in place; making the rename durable is the last step. If it fails the
        // file is still whole, but the caller must not claim it is safe on disk.
        guard syncingDirectory else { return descriptor }
        do throws(FileError) {
            try syncDirectory(directory, path: path, sync: sync)
        } catch {
            SystemCall.close(descriptor)
            throw error
        }
        return descriptor
    }

    /// The name of the temporary file this process writes to replace `target`, beside it.
    static func temporaryName(of target: FileName) -> FileName {
        target.directory.appending(
            temporaryPrefix(of: target.lastComponent) + Array("\(SystemCall.processID).tmp".utf8))
    }

    /// The start of the temporary name for the file named `base`: `.BASE.`, followed by the pid
    /// and `.tmp`.
    ///
    /// When `.BASE.PID.tmp` would pass the 255 bytes a name may have (`NAME_MAX`), `BASE` is cut
    /// and a hash of the whole name added (`.BAS~0123456789abcdef.`), so that every name the
    /// system accepts can be replaced, and two long names sharing a beginning still have
    /// different temporary names (and leftovers).
    static func temporaryPrefix(of base: [UInt8]) -> [UInt8] {
        // The pid and `.tmp`: a pid has at most 10 digits.
        let room = 255 - 10 - 4
        let dot = UInt8(ascii: ".")
        guard base.count + 2 > room else { return [dot] + base + [dot] }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in base { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
        let hex = String(hash, radix: 16)
        let digest = Array((String(repeating: "0", count: 16 - hex.count) + hex).utf8)
        // `.`, the cut name, `~`, 16 hex digits, `.`.
        let kept = room - 19
        return [dot] + base.prefix(kept) + [UInt8(ascii: "~")] + digest + [dot]
    }

    /// Removes the temporary files that writes of `target` by processes that are gone (killed
    /// during a `save` or a compaction) left next to it.
    ///
    /// Only names this app makes for this very target count (`temporaryPrefix`, a pid, `.tmp`),
    /// and only when that pid is this process (whose own write of it is not in progress) or no
    /// process at all: a live process may be writing its temporary file right now.
    static func removeLeftovers(of target: FileName) {
        let directory = target.directory
        let prefix = temporaryPrefix(of: target.lastComponent)
        let suffix = Array(".tmp".utf8)
        // A directory that cannot be listed has no leftovers this could remove.
        guard let names = try? SystemCall.entries(of: directory) else { return }
        for name in names {
            guard name.count > prefix.count + suffix.count, name.starts(with: prefix),
                name.suffix(suffix.count).elementsEqual(suffix)
            else { continue }
            let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
            guard digits.count <= 10,
                digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let pid = Int32(String(decoding: digits, as: UTF8.self))
            else { continue }
            if pid == SystemCall.processID || !SystemCall.processExists(pid) {
                // Gone already (another start removed it) is as good as removed.
                try? SystemCall.unlink(directory.appending(name))
            }
        }
    }

    /// The permission bits of the file at `target`, `nil` when there is none yet; throws when
    /// it is something else than a regular file (a FIFO or a device would be replaced by one).
    private static func modeOfRegularFile(_ target: FileName, path: FileName) throws(FileError)
        -> mode_t?
    {
        let status: stat
        do {
            status = try SystemCall.status(of: target)
        } catch let error where error.code == ENOENT {
            return nil
        } catch {
            throw FileError(path: path, error)
        }
        switch FileKind(irregular: status) {
        case nil: break
        case .directory: throw FileError(path: path, code: EISDIR)
        case .some: throw FileError(path: path, reason: "not a regular file, so it is not replaced")
        }
        return status.st_mode & 0o7777
    }

    /// Creates the temporary file `temporary`, new and never through a link (`O_EXCL`,
    /// `O_NOFOLLOW`), so nothing planted under its name can redirect the write.
    ///
    /// A file already there is a leftover of a killed process that had this pid, or planted:
    /// it is removed (a link itself, never what it points to) and the creation tried once more.
    ///
    /// The error names the target, `path`, in words true of it: a folder that is there but takes
    /// no new file (`/proc`, where creating one says "No such file or directory") is named as
    /// such, not as missing.
    static func createTemporaryFile(_ temporary: FileName, path: FileName)
        throws(FileError) -> Int32
    {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        do {
            do {
                return try SystemCall.open(temporary, flags, mode: 0o644)
            } catch let error where error.code == EEXIST {
                try SystemCall.unlink(temporary)
                return try SystemCall.open(temporary, flags, mode: 0o644)
            }
        } catch let error where error.code == ENOENT && isFolder(temporary.directory) {
            throw FileError(
                path: path,
                reason:
                    "no file can be created in its folder, \(temporary.directory.excerpt(limit: 200)), "
                    + "and a file is replaced by a new one written beside it")
        } catch {
            throw FileError(path: path, error)
        }
    }

    /// Whether `path` is a folder that is there.
    private static func isFolder(_ path: FileName) -> Bool {
        (try? SystemCall.status(of: path)).map { FileKind(irregular: $0) == .directory } ?? false
    }

    /// Flushes a directory's entries (a rename, a new file) to disk.
    static func syncDirectory(_ directory: FileName, path: FileName, sync: FileSync = .system)
        throws(FileError)
    {
        do {
            let descriptor = try SystemCall.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            defer { SystemCall.close(descriptor) }
            try sync.call(descriptor)
        } catch {
            throw FileError(path: path, error)
        }
    }

    /// `path` with a symbolic link at its end followed (once per link, up to a bound), so that
    /// replacing the file keeps the user's link.
    ///
    /// The link's target is taken as the bytes `readlink` returns: decoding it would replace the
    /// file of another name (one with U+FFFD where the real name is not UTF-8).
    static func resolvedPath(_ path: FileName) -> FileName {
        var current = path
        for _ in 0..<40 {
            guard let link = SystemCall.linkTarget(of: current) else { return current }
            current = link.isAbsolute ? link : current.directory.appending(link.bytes)
        }
        return current
    }
}
