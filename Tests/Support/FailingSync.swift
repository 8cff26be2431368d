// Test support: `fsync` made to fail, at once or from a moment the test chooses, for the tests that
// prove each durable write waits for its `fsync`. The page cache outlives a killed process, so a
// missing `fsync` is visible only through this seam: the failure must be reported, no row drawn,
// the old file kept.

import MoviesFormats
import Synchronization
import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Kinds of descriptor whose `fsync` a `FileSync` from `failingSync(for:)` fails.
package enum SyncTarget: Sendable {
    /// Regular files: a journal's commit, an atomic write's new file.
    case files
    /// Directories: the one an atomic write renamed its file in.
    case directories
}

/// A `FileSync` whose call fails with `EIO` for descriptors of `target`'s kind and runs the real
/// `fsync` for the others.
package func failingSync(for target: SyncTarget) -> FileSync {
    FileSync { descriptor throws(SystemCallError) in
        let isDirectory = (try SystemCall.status(of: descriptor).st_mode & S_IFMT) == S_IFDIR
        guard isDirectory == (target == .directories) else {
            try SystemCall.sync(descriptor)
            return
        }
        throw SystemCallError(call: "fsync", code: EIO)
    }
}

/// A `FileSync` that runs the real `fsync` until the test calls `arm()`, and from then on fails
/// with `code` for regular files (a journal's commit, an atomic write's new file): a state file
/// that works for the first edits of a session and fails at a later one.
package final class ArmedSync: Sendable {
    private let armed = Mutex(false)
    private let code: Int32

    /// A sync whose failures, once armed, say `code` (`EIO`, `ENOSPC`…).
    package init(failingWith code: Int32) {
        self.code = code
    }

    /// Makes every later `fsync` of a regular file fail.
    package func arm() {
        armed.withLock { $0 = true }
    }

    /// The sync to hand the session.
    package var sync: FileSync {
        FileSync { [self] descriptor throws(SystemCallError) in
            let isFile = (try SystemCall.status(of: descriptor).st_mode & S_IFMT) == S_IFREG
            if isFile, armed.withLock({ $0 }) {
                throw SystemCallError(call: "fsync", code: code)
            }
            try SystemCall.sync(descriptor)
        }
    }
}
