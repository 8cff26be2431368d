// Role in the data flow: the last step of every durable write. The journal's group commit, the
// atomic write's file and the directory that holds it all reach the disk through this one call, so
// a test can make it fail and see that the failure is reported: no row drawn, the old file kept.
// The page cache outlives a killed process, so without this seam no test could tell a missing
// `fsync` from a present one; only a power cut would.
//
//   StateFileJournal.commit ─┐
//   AtomicFile (file, dir) ──┴─► FileSync.call(descriptor) ─► SystemCall.sync ─► fsync(2)

import SystemBoundary

/// The `fsync(2)` the durability promise rests on, as a value a test can replace.
///
/// Sessions use `.system`, the real call. A test passes its own to make one kind of `fsync` fail
/// (a regular file's, or a directory's) and checks what the caller does then.
package struct FileSync: Sendable {
    /// Flushes `descriptor` to disk, or throws why not, as `SystemCall.sync`.
    let call: @Sendable (Int32) throws(SystemCallError) -> Void

    /// A sync that runs `call` instead of the real `fsync`.
    package init(_ call: @escaping @Sendable (Int32) throws(SystemCallError) -> Void) {
        self.call = call
    }

    /// The real `fsync(2)`.
    package static let system = FileSync { descriptor throws(SystemCallError) in
        try SystemCall.sync(descriptor)
    }
}
