// Role in the data flow: a state file that cannot be used stops the session before it starts, with
// this error, and the file is left exactly as it was: nothing a user has is overwritten by a
// failed start.

import SystemBoundary

extension StateFileJournal {
    /// Why a state file could not be used at start.
    ///
    /// Whatever the reason, the file is untouched.
    package enum StartError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The system refused an operation (open, read, lock).
        case file(FileError)
        /// Another process has the file open with `--state`.
        case locked(FileName)
        /// The file is there but cannot be restored.
        case corrupt(StateFileError)

        package var description: String {
            switch self {
            case .file(let error):
                return "state file \(error)"
            case .locked(let path):
                return "state file \(path): another movies process is using "
                    + "it; quit that one first"
            case .corrupt(let error):
                return "state file \(error.file): " + TerminalText.escaped(error.detail)
                    + "; the file was left as it is"
            }
        }
    }
}
