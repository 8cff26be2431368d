// Role: outside the app's data flow, an independent witness of its JSON. The app writes movies,
// Changes and actions by hand where speed matters and with `JSONEncoder` in the trace; the tests
// hold both to what `JSONEncoder` writes with sorted keys, set up here once.

import Foundation

/// `JSONEncoder` with sorted keys and slashes left alone: the bytes the app's JSON must equal.
package enum SortedJSON {
    /// `value` encoded, as bytes.
    package static func bytes(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    /// `value` encoded, as text.
    package static func text(_ value: some Encodable) throws -> String {
        String(decoding: try bytes(value), as: UTF8.self)
    }
}
