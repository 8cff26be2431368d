// Role in the data flow: the first step of loading a catalog. Before any JSON is read, the path the
// user gave must lead to a regular file of bounded size; everything else (a directory, a FIFO that
// would block, a device that never ends, a link to nowhere) is named as what it is.

import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole catalog file, refusing anything that is not a regular file of bounded size.
enum CatalogFile {
    /// The bytes of the file at `path` (symbolic links followed), at most `limit` of them.
    ///
    /// The size the system reports is only a first check: files in /proc report 0 and a file can
    /// grow while it is read, so the limit is enforced on the bytes actually read, and reading
    /// stops one byte past it. The file is opened non-blocking, so a FIFO put in its place after
    /// the first check cannot block the load; the opened descriptor is checked again.
    ///
    /// - Throws: `CatalogError` naming `path` and what it is or why it cannot be read.
    static func contents(of path: FileName, limit: Int) throws(CatalogError) -> [UInt8] {
        func failure(_ problem: CatalogError.Problem) -> CatalogError {
            CatalogError(file: path.description, problem: problem)
        }
        let named: stat
        do {
            named = try SystemCall.status(of: path)
        } catch {
            throw failure(problem(opening: path, error))
        }
        if let refusal = refusal(of: named, limit: limit) { throw failure(refusal) }
        let descriptor: Int32
        do {
            descriptor = try SystemCall.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        } catch {
            throw failure(problem(opening: path, error))
        }
        defer { SystemCall.close(descriptor) }
        let opened: stat
        do {
            opened = try SystemCall.status(of: descriptor)
        } catch {
            throw failure(.unreadable(error.reason))
        }
        if let refusal = refusal(of: opened, limit: limit) { throw failure(refusal) }
        // Under a limit on address space, a file read into too little room would end the app.
        let size = Int(opened.st_size)
        guard AddressSpaceRoom.allows(reading: size) else {
            throw failure(.noRoomToRead(bytes: size))
        }
        let bytes: [UInt8]?
        do {
            bytes = try BoundedRead.all(of: descriptor, limit: limit, expectedSize: size)
        } catch {
            throw failure(.unreadable(error.reason))
        }
        guard let bytes else { throw failure(.tooLarge(bytes: nil, limit: limit)) }
        return bytes
    }

    /// Why a file of status `info` is not read: not a regular file, or larger than `limit`
    /// bytes by the size the system reports; `nil` when it may be.
    private static func refusal(of info: stat, limit: Int) -> CatalogError.Problem? {
        if let kind = FileKind(irregular: info) { return .notAFile(kind) }
        if info.st_size > limit { return .tooLarge(bytes: Int(info.st_size), limit: limit) }
        return nil
    }

    /// What `stat` or `open` failing with `error` means for `path`.
    private static func problem(opening path: FileName, _ error: SystemCallError)
        -> CatalogError.Problem
    {
        switch error.code {
        case ENOENT:
            // Either nothing is there, or a link is there whose target is not.
            let link = try? SystemCall.linkStatus(of: path)
            if let link, link.st_mode & S_IFMT == S_IFLNK { return .danglingLink }
            return .missing
        case ELOOP:
            return .linkLoop
        default:
            return .unreadable(error.reason)
        }
    }
}
