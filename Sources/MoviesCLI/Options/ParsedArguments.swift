// Role in the data flow: before anything runs. While the arguments are read, each option records
// what it asks for here; once they are all read (or one answers at once), this is the request.

import SystemBoundary

/// What the arguments read so far ask for.
struct ParsedArguments {
    /// The session's options, as the arguments so far set them.
    var options = Options()
    /// The trace to replay instead of running a session (`--replay`).
    var replay: FileName?
    /// An answer that ends the reading at once, whatever follows (`--help`, `--version`).
    var answer: Options.Request?

    /// What the arguments ask for, once all of them are read.
    var request: Options.Request {
        replay.map { .replay(path: $0) } ?? .run(options)
    }
}
