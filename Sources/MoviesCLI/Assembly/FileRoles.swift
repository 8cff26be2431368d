// Role in the data flow: before a session starts, and beside `save`. One rule, checked in one
// place: no file is two of a session's files. The state file, the trace, the catalog, the trace a
// replay reads, the followed state file and the session's own standard input, output and error are
// compared by identity
// (any name, link or spelling of a file reaches the same one), and a start that would put two of
// them on one file is refused; `save` asks the same files whether a name is one of them.
//
//   names and descriptors ─► FileIdentity (regular files only) ─► FileRoles ─► clash? ─► 64
//                                                                           └► save: role(reachedBy:)
//
// Only a regular file has a role: it is data the app reads, replaces or appends to. A terminal, a
// pipe or a device carries a stream, and streams may meet there (a terminal is stdin and stdout at
// once, `--trace /dev/stderr` on a pipe writes into that pipe).
//
// A refusal is said on standard error, unless standard error is itself one of the clashing files
// (`--state st 2>>st`): then the message would be written into the file the refusal protects, so
// it goes to the controlling terminal, or nowhere, and the status says it.

import SystemBoundary
import TerminalIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The regular files a session uses, each with what it is to the session, compared by identity.
struct FileRoles {
    /// What a file is to a session.
    enum Role: Equatable {
        /// Standard input, when the session reads its commands there (not with `-c`).
        case standardInput
        case standardOutput
        case standardError
        /// `--catalog FILE`.
        case catalog(FileName)
        /// `--state FILE`.
        case stateFile(FileName)
        /// `--trace FILE` (a trace on standard error is standard error's file).
        case trace(FileName)
        /// `--replay FILE`.
        case replayed(FileName)
        /// `--follow FILE`: another session's state file, read and never written here.
        case followed(FileName)

        /// The role as the user named it: the option and its file, or the stream.
        var named: String {
            switch self {
            case .standardInput: "standard input"
            case .standardOutput: "standard output"
            case .standardError: "standard error"
            case .catalog(let path): "--catalog \(path)"
            case .stateFile(let path): "--state \(path)"
            case .trace(let path): "--trace \(path)"
            case .replayed(let path): "--replay \(path)"
            case .followed(let path): "--follow \(path)"
            }
        }

        /// What a name turned out to be, to end "FILE is …".
        var found: String {
            switch self {
            case .standardInput: "this session's standard input"
            case .standardOutput: "this session's standard output"
            case .standardError: "this session's standard error"
            case .catalog: "the catalog"
            case .stateFile: "the state file"
            case .trace: "this session's trace"
            case .replayed: "the trace being replayed"
            case .followed: "the state file this session follows"
            }
        }

        /// Whether the two are allowed one file: standard output and standard error are (`2>&1`,
        /// the shell's way of keeping both in one log), since both only append what the session
        /// says, in order.
        func mayShare(with other: Role) -> Bool {
            switch (self, other) {
            case (.standardOutput, .standardError), (.standardError, .standardOutput): true
            default: false
            }
        }
    }

    /// The roles added so far, in order, with the file each has.
    private var files: [(role: Role, identity: FileIdentity)] = []

    /// No files yet.
    init() {}

    /// Adds the session's standard output and error, and its standard input when `readsInput`,
    /// where they are regular files.
    mutating func addStandardStreams(readsInput: Bool) {
        if readsInput {
            add(.standardInput, FileIdentity(regularFileOpenAs: STDIN_FILENO))
        }
        add(.standardOutput, FileIdentity(regularFileOpenAs: STDOUT_FILENO))
        add(.standardError, FileIdentity(regularFileOpenAs: STDERR_FILENO))
    }

    /// The files a session's start names, the later an option in this order the subject of a
    /// clash: its standard streams, the catalog, the state file, the trace, the followed file; `stateFile` is the
    /// state file's identity once it is open (a file the start created has none before).
    static func atStart(of options: Options, stateFile: FileIdentity? = nil) -> FileRoles {
        var roles = FileRoles()
        roles.addStandardStreams(readsInput: options.commands == nil)
        if let path = options.catalogPath {
            roles.add(.catalog(path), FileIdentity(regularFileAt: path))
        }
        if let path = options.statePath {
            roles.add(.stateFile(path), stateFile ?? FileIdentity(regularFileAt: path))
        }
        if case .file(let path)? = options.trace {
            roles.add(.trace(path), FileIdentity(regularFileAt: path))
        }
        if let path = options.followPath {
            roles.add(.followed(path), FileIdentity(regularFileAt: path))
        }
        return roles
    }

    /// The files of a replay of the trace at `path`: the trace it reads, and its standard output
    /// and error, which it writes while it reads.
    static func replaying(_ path: FileName) -> FileRoles {
        var roles = FileRoles()
        roles.addStandardStreams(readsInput: false)
        roles.add(.replayed(path), FileIdentity(regularFileAt: path))
        return roles
    }

    /// Adds `role` for the file `identity`; nothing when there is none (not a regular file, or
    /// not there yet).
    mutating func add(_ role: Role, _ identity: FileIdentity?) {
        guard let identity else { return }
        files.append((role, identity))
    }

    /// The first role that shares its file with an earlier one and may not, with that earlier
    /// one; `nil` when every file has one role.
    var clash: (role: Role, earlier: Role)? {
        for (index, file) in files.enumerated() {
            for earlier in files[..<index]
            where earlier.identity == file.identity && !file.role.mayShare(with: earlier.role) {
                return (file.role, earlier.role)
            }
        }
        return nil
    }

    /// Whether standard error's file is one of the session's other files (any but standard
    /// output, which may share it): a message written to standard error would be written into
    /// that file.
    var standardErrorIsTaken: Bool {
        guard let error = files.first(where: { $0.role == .standardError }) else { return false }
        return files.contains { file in
            file.identity == error.identity && file.role != .standardError
                && !file.role.mayShare(with: .standardError)
        }
    }

    /// Refuses a start whose files clash: says why, and returns `.usage`; `nil` when no two of
    /// them are one file.
    ///
    /// The reason goes to `messages`' standard error, unless standard error is one of the
    /// session's files itself: written there, the refusal would change the very file it keeps
    /// as it was (and a state file with a line of text after its journal is refused at every
    /// later start). Then it goes to the controlling terminal, where the user who typed the
    /// command reads, and without one nowhere: the file is left as it was and the status says
    /// the start was refused.
    @MainActor
    func refusal(saidOn messages: any TextOutput) -> ExitStatus? {
        guard let clash else { return nil }
        let reason = Self.refusal(clash)
        if standardErrorIsTaken {
            ControllingTerminal.write(reason)
        } else {
            messages.write(reason, to: .error)
        }
        return .usage
    }

    /// Why a start with a clash is refused, as one line for stderr.
    static func refusal(_ clash: (role: Role, earlier: Role)) -> String {
        let line = "movies: \(clash.role.named) is \(clash.earlier.found); "
        switch (clash.role, clash.earlier) {
        case (.trace, .standardError):
            return line + "a trace starts by emptying its file; --trace without a FILE writes "
                + "to standard error\n"
        case (.trace, _):
            return line + "a trace starts by emptying its file, so choose another\n"
        default:
            return line + "one file cannot be two of a session's files, so choose another\n"
        }
    }

    /// The first role, in the order added, of the regular file `name` reaches (by identity: any
    /// name for it, a link, another spelling); `nil` for none.
    func role(reachedBy name: FileName) -> Role? {
        guard let identity = FileIdentity(regularFileAt: name) else { return nil }
        return files.first { $0.identity == identity }?.role
    }
}
