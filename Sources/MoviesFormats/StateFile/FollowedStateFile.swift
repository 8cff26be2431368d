// Role in the data flow: the start of a following session's actions (`movies --follow FILE`).
// Another session owns the state file and writes it; this reads it as it changes, read-only and
// without a lock, so it never delays that session. Each complete journal line is a Change that
// session made; a new file renamed over the name (its fold, or a new owner's first list) brings a
// new snapshot. What the bytes mean is `StateFile`'s; when to look is `FileWatch`'s; what the store
// does with each event is the app's.
//
//   owner: edit ─► journal line ─► FILE ─► (FileWatch wakes) ─► FollowedStateFile.readNew
//     ─► Event (.journaled, .snapshot, .lost) ─► the following store ─► the same views

import Foundation
import MoviesCore
import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A state file another session keeps, read as it changes: its list at the start, then what each
/// new journal line, or a new file at its name, says.
///
/// Reading follows the owner's writes and never gets ahead of them:
/// - Only whole lines count. Each look reads from the end of the last complete line, so the
///   bytes of a line still being written (or torn by a kill) are never taken, and a line that a
///   new owner cuts off and writes again is read as it ends up.
/// - A file renamed over the name (a fold) replaces the one being read only after that one has
///   been read to its last complete line: the lines appended just before the fold come as
///   Changes, and the new snapshot then holds nothing they lack. No Change is lost or taken
///   twice.
/// - A file cut short, or one that is not a state file, is read afresh from its start.
/// - A file given up (removed, damaged, not a state file) is looked at again whenever what is at
///   the name changes: another file, or the same one written again (restored in place, or a new
///   file that got the removed one's inode), as its `FileStamp` tells.
///
/// Nothing is ever written, and no lock is taken: the owner holds its `flock`, and a reader
/// without one cannot delay it.
package final class FollowedStateFile {
    /// What one look at the file found, in the order it happened.
    package enum Event: Equatable, Sendable {
        /// A complete journal line: a Change the owning session made, number `line` of the file.
        case journaled(MoviesState.Change, line: Int)
        /// A new file took the name: its snapshot, before its journal (whose lines follow as
        /// `.journaled`; they are known to apply to it). A snapshot equal to the list shown
        /// changes nothing: the owner folded its journal into it.
        case snapshot([Movie])
        /// The name no longer leads to a state file: removed, or replaced by something that is
        /// not one, or the file cannot be read. Said once; nothing more comes until a state file
        /// is at the name again, which then comes as a `.snapshot`.
        case lost(Problem)
    }

    /// Why a file cannot be followed, or no longer can.
    package enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// The system refused (the file is not there, cannot be read) or it is not a regular
        /// file.
        case file(FileError)
        /// The file is there but is not a state file (or its journal does not fit its snapshot).
        case damaged(StateFileError)

        /// `movies.state: No such file or directory`, `movies.state: line 3: not a journal …`.
        package var description: String {
            switch self {
            case .file(let error):
                return error.description
            case .damaged(let error):
                // Named as shown: the detail escapes what the file held, not the name twice.
                return "\(error.file): " + TerminalText.escaped(error.detail)
            }
        }
    }

    /// The longest a journal line can be, newline included.
    ///
    /// A rename carries two titles of at most 500 scalars, each at most 12 bytes as JSON (a
    /// surrogate pair escaped), so a line the app writes stays under 13 KB; a longer run of bytes
    /// without a newline is no journal line, and is not held in memory waiting for one.
    static let maximumLineBytes = 65_536

    /// The path as the user gave it, as every message names the file.
    package let path: FileName
    /// The file's own name, its links followed once, at the start: where the file is looked for
    /// at every look, and the folder a watch looks at.
    ///
    /// The owner resolves its name the same way and folds under this one, so its next file comes
    /// here. A descriptor's name (`/proc/self/fd/N`) leads here too, at the start; looked at
    /// later, it would still lead to the file the descriptor holds, which a fold left behind.
    package let target: FileName

    /// The file being read; `nil` once lost.
    private var current: Opened?
    /// Whether the file was given up: nothing more is said until a state file is at the name.
    private var isLost = false
    /// What was at the name when the file was given up (`nil` for nothing), stamped before it
    /// was read: the name is looked at again only once it holds something else, another file
    /// or the same one changed.
    private var lostAt: FileStamp?

    /// A file open for reading, and how far it has been read.
    private struct Opened {
        var descriptor: Int32
        var identity: FileIdentity
        /// The file as it stood when it was last looked at, before its bytes were read: if it
        /// is given up, it is looked at again once it stands otherwise.
        var seen: FileStamp
        /// The end of the last complete line read: where the next look starts.
        var offset: Int
        /// The number of the last line read (the snapshot is line 1).
        var line: Int
        /// Whether journal lines may follow what was read (a snapshot line was read); a plain
        /// catalog over several lines, or an empty file, is replaced before it is appended to.
        var canAppend: Bool
        var reader: StateFile.JournalReader
    }

    private init(path: FileName, target: FileName, opened: Opened) {
        self.path = path
        self.target = target
        current = opened
    }

    deinit {
        if let current { SystemCall.close(current.descriptor) }
    }

    /// Opens the state file at `path` to follow it, and reads the list it holds now (an empty
    /// file holds none yet: the list is empty until its owner writes one).
    ///
    /// Never blocks: a FIFO is refused without waiting for a writer. The file is followed under
    /// its own name (`target`), so a name that leads to a file with none left (`/proc/self/fd/N`
    /// of a removed file) is refused: no file of the owner's will ever come under it.
    /// - Throws: `Problem`: the file is missing, has no name, is not a regular file, is too
    ///   large, or is not a state file.
    package static func open(_ path: FileName) throws(Problem) -> (FollowedStateFile, [Movie]) {
        if let status = try? SystemCall.status(of: path), status.st_nlink == 0 {
            throw .file(FileError(path: path, reason: noNameLeft))
        }
        let target = AtomicFile.resolvedPath(path)
        let (opened, reading) = try openFile(target, named: path)
        let file = FollowedStateFile(path: path, target: target, opened: opened)
        return (file, reading?.restored.state.movies ?? [])
    }

    /// Why a name that leads to a file whose name was removed cannot be followed.
    private static let noNameLeft =
        "leads to a file whose name was removed; a follower finds the owner's next file under "
        + "the file's name, so it needs one"

    // MARK: - Looking again

    /// What changed since the last look: the complete journal lines written since, and what
    /// came of a new file at the name (or of the file's being removed or spoilt).
    package func readNew() -> [Event] {
        var events: [Event] = []
        // The name first, then the file. An owner writes nothing to a file once a new one has
        // taken its name, so when the name is seen to lead elsewhere, the file read now is
        // complete: it is read to its last complete line before its successor, whose snapshot
        // holds those lines.
        let named = FileStamp(path: target)
        var afresh = readLines(into: &events)
        if let current {
            afresh = afresh || named?.identity != current.identity
        } else {
            // Lost: looked at again only once something else is at the name, or the file there
            // changed.
            afresh = named != lostAt
        }
        guard afresh else { return events }
        closeCurrent()
        do {
            let (opened, reading) = try Self.openFile(target, named: path)
            current = opened
            isLost = false
            lostAt = nil
            if let reading {
                events.append(.snapshot(reading.snapshot))
                for (number, change) in zip(reading.journalLineNumbers, reading.journal) {
                    events.append(.journaled(change, line: number))
                }
            }
        } catch {
            // Said once: a file still no state file when looked at again is not said again.
            if !isLost { events.append(.lost(error)) }
            isLost = true
            lostAt = named
        }
        return events
    }

    /// Gives the file up after a Change read from it on `line` did not fit the list shown: its
    /// journal does not belong to the list it holds, so nothing more is read from it.
    ///
    /// - Returns: the event that says so.
    package func doesNotApply(line: Int) -> Event {
        lostAt = current?.seen
        isLost = true
        closeCurrent()
        let name = path.description
        return .lost(.damaged(StateFileError(file: name, line: line, problem: .doesNotApply)))
    }

    /// Reads the complete lines added to the current file since the last look into `events`;
    /// `true` when the file must be read afresh (it was cut short, or it is not one a journal
    /// is appended to, and it changed).
    ///
    /// A line that is not a journal line gives the file up: `.lost`, said once.
    private func readLines(into events: inout [Event]) -> Bool {
        guard var file = current else { return false }
        defer { if current != nil { current = file } }
        var buffer = [UInt8](repeating: 0, count: Self.maximumLineBytes)
        while true {
            let size: Int
            do {
                let status = try SystemCall.status(of: file.descriptor)
                file.seen = FileStamp(status)
                size = Int(status.st_size)
            } catch {
                lose(.file(FileError(path: path, error)), seen: file.seen, into: &events)
                return false
            }
            // Cut below what was taken (an owner whose commit failed cut its last lines back,
            // or another program cut the file), or grown in a way no owner grows it: read it all
            // again. (A new owner cuts only a torn line, which was never taken.)
            if size < file.offset || (!file.canAppend && size != file.offset) { return true }
            if size == file.offset { return false }
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { raw in
                    Result { () throws(SystemCallError) in
                        try SystemCall.read(file.descriptor, into: raw, at: file.offset)
                    }
                }.get()
            } catch {
                lose(.file(FileError(path: path, error)), seen: file.seen, into: &events)
                return false
            }
            guard count > 0 else { return false }
            var start = 0
            while let end = buffer[start..<count].firstIndex(of: UInt8(ascii: "\n")) {
                file.line += 1
                let read = buffer[start..<end].withUnsafeBufferPointer { line in
                    Result { () throws(StateFileError) in
                        try file.reader.change(on: line, line: file.line)
                    }
                }
                switch read {
                case .success(let (change, step)):
                    // An edit the owner's history kept at a fold is no Change of the list.
                    if step.role.applies { events.append(.journaled(change, line: file.line)) }
                case .failure(let error):
                    lose(.damaged(error), seen: file.seen, into: &events)
                    return false
                }
                start = end + 1
            }
            file.offset += start
            guard start > 0 else {
                // No newline in a whole buffer: longer than any journal line.
                if count == buffer.count {
                    let error = StateFileError(
                        file: path.description, line: file.line + 1, problem: .notAChange)
                    lose(.damaged(error), seen: file.seen, into: &events)
                }
                // Else a line still being written (or torn): left for the next look.
                return false
            }
        }
    }

    /// Gives up the current file for `problem`, said in `events`; `seen` is how the file stood
    /// before the bytes that showed the problem were read.
    private func lose(_ problem: Problem, seen: FileStamp, into events: inout [Event]) {
        lostAt = seen
        isLost = true
        closeCurrent()
        events.append(.lost(problem))
    }

    private func closeCurrent() {
        if let current { SystemCall.close(current.descriptor) }
        current = nil
    }

    // MARK: - Opening

    /// Opens the file at `target` and reads it whole, naming it `path` in messages: a file open
    /// where its last complete line ends, and what it holds (`nil` for an empty file, which holds
    /// no list yet).
    private static func openFile(_ target: FileName, named path: FileName) throws(Problem)
        -> (Opened, StateFile.Reading?)
    {
        let descriptor: Int32
        do {
            // Non-blocking, so that a FIFO at the name cannot hold the open up.
            descriptor = try SystemCall.open(target, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        } catch {
            throw .file(FileError(path: path, error))
        }
        do throws(Problem) {
            let status: stat
            do {
                status = try SystemCall.status(of: descriptor)
            } catch {
                throw Problem.file(FileError(path: path, error))
            }
            if let kind = FileKind(irregular: status) {
                throw Problem.file(FileError(path: path, reason: "is \(kind)"))
            }
            // Under a limit on address space, a file read into too little room would end the app.
            guard AddressSpaceRoom.allows(reading: Int(status.st_size)) else {
                throw Problem.file(FileError(path: path, reason: AddressSpaceRoom.noRoom))
            }
            let limit = LockedStateFile.maximumFileSize
            let bytes: [UInt8]?
            do {
                bytes = try BoundedRead.all(
                    of: descriptor, limit: limit, expectedSize: Int(status.st_size))
            } catch {
                throw Problem.file(FileError(path: path, error))
            }
            guard let bytes else {
                throw Problem.file(
                    FileError(
                        path: path,
                        reason: "larger than the \(limit / 1_048_576) MiB a state file may be"))
            }
            let identity = FileIdentity(status)
            let seen = FileStamp(status)
            guard !bytes.isEmpty else {
                let opened = Opened(
                    descriptor: descriptor, identity: identity, seen: seen, offset: 0, line: 0,
                    canAppend: false,
                    reader: StateFile.JournalReader(listing: [], file: path.description))
                return (opened, nil)
            }
            let reading: StateFile.Reading
            do {
                reading = try StateFile.read(
                    Data(bytes), file: path.description, limit: Catalog.maximumFileSize,
                    keepingPieces: true)
            } catch {
                throw Problem.damaged(error)
            }
            let opened = Opened(
                descriptor: descriptor, identity: identity, seen: seen,
                offset: reading.restored.validLength, line: reading.lastLine,
                canAppend: reading.restored.canAppend, reader: reading.journalReader)
            return (opened, reading)
        } catch {
            SystemCall.close(descriptor)
            throw error
        }
    }
}
