// Role in the data flow: the first step of loading a catalog. Before any JSON is read, the path the
// user gave must lead to a regular file of bounded size; everything else (a directory, a FIFO that
// would block, a device that never ends, a link to nowhere) is named as what it is.

import Foundation
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
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else {
            throw failure(problem(opening: path, errno))
        }
        try checkRegular(info, failure)
        if info.st_size > limit { throw failure(.tooLarge(bytes: Int(info.st_size), limit: limit)) }

        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { throw failure(problem(opening: path, errno)) }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else {
            throw failure(.unreadable(SystemCall.reason(errno)))
        }
        try checkRegular(info, failure)

        switch BoundedRead.all(of: descriptor, limit: limit, expectedSize: Int(info.st_size)) {
        case .bytes(let bytes): return bytes
        case .tooLarge: throw failure(.tooLarge(bytes: nil, limit: limit))
        case .failed(let code): throw failure(.unreadable(SystemCall.reason(code)))
        }
    }

    /// Throws unless `info` describes a regular file.
    private static func checkRegular(
        _ info: stat, _ failure: (CatalogError.Problem) -> CatalogError
    ) throws(CatalogError) {
        if let kind = FileKind(irregular: info) { throw failure(.notAFile(kind)) }
    }

    /// What `stat` or `open` failing with `code` means for `path`.
    private static func problem(opening path: FileName, _ code: Int32) -> CatalogError.Problem {
        switch code {
        case ENOENT:
            // Either nothing is there, or a link is there whose target is not.
            var link = stat()
            if path.withCString({ lstat($0, &link) }) == 0, link.st_mode & S_IFMT == S_IFLNK {
                return .danglingLink
            }
            return .missing
        case ELOOP:
            return .linkLoop
        default:
            return .unreadable(SystemCall.reason(code))
        }
    }
}
