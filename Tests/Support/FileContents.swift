// Reading and writing whole files in tests, with Foundation: the code under test has its own bounded
// readers; a test only needs to see what is there.

import Foundation

/// The bytes of the file at `path`, or `nil` if it cannot be read.
package func contents(of path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
}

/// Writes `bytes` to `path`, replacing what was there.
package func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}
