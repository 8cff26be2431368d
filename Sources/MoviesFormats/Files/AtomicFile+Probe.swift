// Role in the data flow: a question asked before the first write. A state file that must be
// replaced before anything can be appended to it (a catalog laid out over several lines, an empty
// file) can take no edit if its folder takes no new file; the session learns that at its start,
// before any edit, by making and removing the temporary file a replacement would write.

import SystemBoundary

extension AtomicFile {
    /// Makes the temporary file a replacement of `target` would write, and removes it again;
    /// throws what stops it (a folder the user may not write, no descriptor left), with `path`,
    /// the name the user gave.
    static func probeReplacement(of target: FileName, reportedAs path: FileName)
        throws(FileError)
    {
        let temporary = temporaryName(of: target)
        let descriptor = try createTemporaryFile(temporary, path: path)
        SystemCall.close(descriptor)
        try? SystemCall.unlink(temporary)
    }
}
