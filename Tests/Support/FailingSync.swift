// Test support: `fsync` made to fail, for the tests that prove each durable write waits for its
// `fsync`. The page cache outlives a killed process, so a missing `fsync` is visible only through
// this seam: the failure must be reported, no row drawn, the old file kept.

import MoviesFormats
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
